import { z } from 'zod';
import { storedList } from '../../core/index.js';

// The knowledge area's JSON list columns, read through their schemas as the repositories read a row.

const storedSeparators = storedList('knowledge base separators', z.string());
const storedKbTags = storedList('knowledge base tags', z.string());
const storedHeadings = storedList('segment headings', z.string());

/** A knowledge base as read: its separators and tags parsed. */
export const readKb = <R extends { separators: string[]; tags: string[] }>(row: R): R => ({ ...row, separators: storedSeparators.read(row.separators), tags: storedKbTags.read(row.tags) });

/** A segment as read: its headings parsed. */
export const readSegment = <R extends { headings: string[] }>(row: R): R => ({ ...row, headings: storedHeadings.read(row.headings) });
