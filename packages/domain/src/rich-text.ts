/**
 * The formatting rich text keeps (creative direction, notes): what the editor makes. The
 * server's sanitizer keeps only these tags when text is saved, and the web rebuilds only these
 * when it shows stored text (decision 0027).
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
] as const;

/** The link schemes rich text keeps; any other link loses its address. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * Whether stored rich text says nothing a reader would see: no text once its tags, entities
 * like &nbsp; and blanks are gone ('<p><br></p>' is what an emptied editor leaves).
 */
export const isBlankRichText = (html: string | null | undefined) =>
  !html ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim() === '';
