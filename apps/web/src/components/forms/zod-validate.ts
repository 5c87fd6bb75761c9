import { translateServerMessage } from '../../lib/i18n/index.ts';

type SafeParse = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * Mantine form validation from a domain schema: the same rules and messages as the server,
 * shown in the user's language. The server checks again; this only saves a round trip.
 */
export function zodValidate<T>(schema: SafeParse, transform: (values: T) => unknown = (v) => v) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(transform(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= translateServerMessage(issue.message);
    }
    return errors;
  };
}
