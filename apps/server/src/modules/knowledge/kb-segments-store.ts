import { randomUUID } from 'node:crypto';
import { countTerms, segmentWords, type PreparedDocument, type TermCounts, type UserWords } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import * as docs from './kb-documents.repo.js';
import type { KbVectorWriter } from './kb-vectors.js';

/** The index fields of one text (an edited segment) cut with the knowledge base's user words. */
export function indexFieldsOf(content: string, userWords: UserWords | undefined): { terms: TermCounts; tokenCount: number } {
  const terms = countTerms([segmentWords(content, userWords)]);
  return { terms, tokenCount: terms.lengths[0]! };
}

/** A prepared document's chunks as segments, with their counted terms. */
export function segmentsOf(kbId: string, docId: string, { chunks, terms }: PreparedDocument): Pick<DocumentSegments, 'segments' | 'terms'> {
  const segments = chunks.map((chunk, seq) => ({ id: randomUUID(), kbId, docId, seq, text: chunk.text, headings: chunk.headings, tokenCount: terms.lengths[seq]! }));
  return { segments, terms };
}

/**
 * Prepared documents are committed together, one transaction and one index group for all their segments,
 * once they hold this many segments (25 long documents) or are this many documents (a folder of small
 * notes: a group of 25 notes of one segment each still wrote ~1,000 index rows).
 */
export const COMMIT_GROUP = { segments: 1250, documents: 100 };

/** Whether prepared documents make a group to commit now. */
export const groupIsFull = (documents: DocumentSegments[]) =>
  documents.length >= COMMIT_GROUP.documents || documents.reduce((sum, doc) => sum + doc.segments.length, 0) >= COMMIT_GROUP.segments;

/** One document's new segments, their counted index terms and (with pgvector and an embedding model) their vectors, in the same order or empty. */
export interface DocumentSegments {
  docId: string;
  segments: docs.NewKbSegment[];
  terms: TermCounts;
  embeddings: number[][];
}

/**
 * Replaces the documents' segments, their index entries and vectors, all in one set of statements; call
 * in the transaction that holds the documents' locks.
 */
export async function storeSegments(tx: Db, vectors: KbVectorWriter, kbId: string, documents: DocumentSegments[]): Promise<void> {
  if (documents.length === 0) return;
  await docs.replaceSegments(
    tx,
    documents.map((doc) => doc.docId),
    kbId,
    documents.flatMap((doc) => doc.segments),
    documents.map((doc) => doc.terms),
  );
  if (!documents.some((doc) => doc.embeddings.length > 0) || !(await vectors.available())) return;
  // The documents' old segments are gone, and their vectors with them (foreign key).
  await vectors.addForNewSegments(
    tx,
    kbId,
    documents.flatMap(({ segments, embeddings }) => embeddings.map((embedding, index) => ({ segmentId: segments[index]!.id, embedding }))),
  );
}

/** Benchmarks seed large knowledge bases through the same steps, without HTTP or jobs (25 long documents fill a group). */
export const seedingSteps = { segmentsOf, storeSegments, insertDocuments: docs.insertDocuments, commitGroup: 25 };
