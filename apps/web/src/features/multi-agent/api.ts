import type { CreateMaBody, ListMaBody, MaInfo, Page, UpdateMaBody } from '@agent-platform/contracts';
import { http } from '../../lib/http';

export type MaScope = 'mine' | 'public';

const LIST_URLS: Record<MaScope, string> = { mine: '/ma/list', public: '/ma/list_public' };

export const listSetups = (scope: MaScope, body: ListMaBody) => http.post<Page<MaInfo>>(LIST_URLS[scope], body);
export const getSetupById = (id: string) => http.post<MaInfo>('/ma/detail', { id });
export const createSetup = (body: CreateMaBody) => http.post<MaInfo>('/ma/create', body);
export const updateSetup = (body: UpdateMaBody) => http.post<MaInfo>('/ma/update', body);
export const deleteSetup = (id: string) => http.post<unknown>('/ma/delete', { id });
export const setSetupPublic = (id: string, isPublic: boolean) => http.post<MaInfo>(isPublic ? '/ma/publish' : '/ma/withhold', { id });
