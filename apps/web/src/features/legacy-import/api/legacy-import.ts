import { type ImportRun, legacyImport } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../lib/api/client.ts';

/** The import feature's query keys: every list page starts with `lists`. */
export const importKeys = {
  all: ['legacy-import'] as const,
  lists: ['legacy-import', 'list'] as const,
  problems: ['legacy-import', 'problems'] as const,
  run: (id: string) => ['legacy-import', 'run', id] as const,
};

/** A run is followed while it works (its progress bar), then read once. */
export const isWorking = (run: ImportRun) => run.status === 'queued' || run.status === 'running';

export const runQuery = (id: string) =>
  queryOptions({
    queryKey: importKeys.run(id),
    queryFn: () => call(legacyImport.get, { params: { id } }),
    refetchInterval: (query) => (query.state.data && isWorking(query.state.data.run) ? 1000 : false),
  });

export type StartImport = { files: File[]; dryRun: boolean; timeZone: string };

/** Uploads the exports and starts a run; the form shows the field errors. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, dryRun, timeZone }: StartImport) => {
      const form = new FormData();
      // The fields first: the server reads them before the (large) files.
      form.append('dryRun', String(dryRun));
      form.append('timeZone', timeZone);
      for (const file of files) form.append('files', file, file.name);
      return upload(legacyImport.start, form);
    },
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.lists }),
  });
}

/** Import for real what a dry run read, or resume an interrupted import. */
export function useRunAction(action: 'apply' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      action === 'apply'
        ? call(
            legacyImport.apply,
            { params: { id }, body: { confirm: true } },
            { idempotencyKey: crypto.randomUUID() },
          )
        : call(legacyImport.resume, { params: { id } }, { idempotencyKey: crypto.randomUUID() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
