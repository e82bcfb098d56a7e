import type { CreateTagBody, QueryTagsBody, TagType, UpdateTagBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { createTag, deleteTag, listSubTags, queryTags, updateTag } from './api';

export const tagKeys = {
  all: ['tags'] as const,
  tree: (body: QueryTagsBody) => [...tagKeys.all, 'tree', body] as const,
  sub: (tagType: TagType) => [...tagKeys.all, 'sub', tagType] as const,
};

export function useTagTree(body: QueryTagsBody) {
  return useQuery({ queryKey: tagKeys.tree(body), queryFn: () => queryTags(body), placeholderData: keepPreviousData });
}

/** A type's tags, flat, children naming their parent: for tag pickers in other features' forms. */
export function useSubTags(tagType: TagType) {
  return useQuery({ queryKey: tagKeys.sub(tagType), queryFn: () => listSubTags(tagType) });
}

function useTagMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export const useCreateTag = () => useTagMutation((body: CreateTagBody) => createTag(body));
export const useUpdateTag = () => useTagMutation((body: UpdateTagBody) => updateTag(body));
export const useDeleteTag = () => useTagMutation((id: string) => deleteTag(id));
