import type { TBlog } from '@nexusplay/contract/blogs';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { blogKeys } from './get-blogs';

export type BlogText = Pick<TBlog, 'title' | 'content' | 'author' | 'date'> & {
  /** Left blank, the server writes a short excerpt of the content. */
  description: string;
};

export type BlogSubmission = {
  /** Absent when adding a post. */
  id: number | undefined;
  text: BlogText;
  image: File | null;
  /** Clears the current picture when no new one is sent. */
  removeImage: boolean;
};

function toFormData({ text, image, removeImage }: BlogSubmission): FormData {
  const form = new FormData();
  form.set('title', text.title);
  form.set('content', text.content);
  form.set('author', text.author);
  form.set('date', text.date);
  form.set('description', text.description);
  if (image) form.set('image', image);
  else if (removeImage) form.set('remove_image', 'true');
  return form;
}

export function createBlog(submission: BlogSubmission) {
  return apiRequest<TBlog>('/blogs', { method: 'POST', body: toFormData(submission) });
}

export function updateBlog(id: number, submission: BlogSubmission) {
  return apiRequest<TBlog>(`/blogs/${id}`, {
    method: 'PUT',
    body: toFormData(submission),
  });
}

export function deleteBlog(id: number) {
  return apiRequest<TMessageResponse>(`/blogs/${id}`, { method: 'DELETE' });
}

/** Adds or updates a post; every blog list and article, public pages included, follows. */
export function useSaveBlogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: BlogSubmission) =>
      submission.id === undefined ? createBlog(submission) : updateBlog(submission.id, submission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}

export function useDeleteBlogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
