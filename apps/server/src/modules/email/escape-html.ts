const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value put into an HTML email goes through this. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);
