// English, all namespaces in one chunk: `common` is also in the first page (lib/i18n/index.ts).
export default import.meta.glob<{ [key: string]: unknown }>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});

// English field messages are the contract's record itself. They come in this chunk, not the first
// page: the record imports the contract modules that hold the messages, whose schemas weigh ~35 KB.
export { FIELD_MESSAGES, fieldMessageKey } from '@preffy/api';
