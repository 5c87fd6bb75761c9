import { type RequestOf, posts } from '@preffy/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';
import { postsKeys } from '../../../lib/post-lists.ts';

export type UpdatePostInput = { id: string; body: RequestOf<typeof posts.update>['body'] };

/** The Edit modal's save; every list of posts refetches. The form shows the errors. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdatePostInput) => call(posts.update, { params: { id }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
