import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api/client.ts';
import { NotFoundPage } from './StatusPages.tsx';

/**
 * One record's screen while its query is not answered: a spinner, then the not-found page for a
 * 404 (a record the user may not see answers 404 as well) or the screen's "could not load" alert;
 * `children` draws the record once it is there.
 */
export function RecordLoader<T>({
  query,
  texts,
  children,
}: {
  query: UseQueryResult<T>;
  texts: { loading: string; loadFailed: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader aria-label={texts.loading} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return (
      <Alert color="red" role="alert">
        {texts.loadFailed}
      </Alert>
    );
  }
  return children(query.data);
}
