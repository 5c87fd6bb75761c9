import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation after which what it may have changed is fetched again, whether it succeeded or
 * not (a 409 means someone else changed it); the caller says what to show on success.
 */
export function useRefetchingMutation<V, R>(
  refetch: QueryKey,
  mutationFn: (variables: V) => Promise<R>,
  onSuccess: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refetch }),
  });
}
