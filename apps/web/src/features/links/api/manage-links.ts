import type { TLink, TLinkRequest } from '@nexusplay/contract/links';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { linkKeys } from './get-links';
import { LinkRequestError, requireToken, requireUser, type LinkSession } from './link-session';

/** The link's own fields; the owner is added from the session. */
export type LinkData = Omit<TLinkRequest, 'user_id'>;

export type LinkSubmission = {
  /** Absent when adding a link. */
  id: number | undefined;
  link: LinkData;
};

export async function createLink(session: LinkSession, link: LinkData | undefined) {
  const userId = requireUser(session);
  if (!link) throw new LinkRequestError('Link data is required.');
  return apiRequest<TLink>('/links', {
    method: 'POST',
    body: { ...link, user_id: userId },
  });
}

export async function updateLink(
  session: LinkSession,
  id: number | undefined,
  link: LinkData | undefined,
) {
  const userId = requireUser(session);
  if (id === undefined) throw new LinkRequestError('Link ID is required for updating.');
  if (!link || Object.keys(link).length === 0) {
    throw new LinkRequestError('Update data cannot be empty.');
  }
  return apiRequest<TLink>(`/links/${id}`, {
    method: 'PUT',
    body: { ...link, user_id: userId },
  });
}

export async function deleteLink(session: LinkSession, id: number | undefined) {
  requireToken(session);
  if (id === undefined) throw new LinkRequestError('Link ID is required for deletion.');
  return apiRequest<TMessageResponse>(`/links/${id}`, { method: 'DELETE' });
}

function useLinkSession(): LinkSession {
  const { userId, token } = useAuth();
  return { userId, token };
}

export function useSaveLinkMutation() {
  const session = useLinkSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, link }: LinkSubmission) =>
      id === undefined ? createLink(session, link) : updateLink(session, id, link),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}

export function useDeleteLinkMutation() {
  const session = useLinkSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLink(session, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}
