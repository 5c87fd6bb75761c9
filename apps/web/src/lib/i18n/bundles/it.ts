// One language's catalogue, all namespaces in one chunk (loaded when the language is chosen).
export default import.meta.glob<{ [key: string]: unknown }>('../locales/it/*.json', {
  eager: true,
  import: 'default',
});
