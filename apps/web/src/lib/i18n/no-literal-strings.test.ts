/// <reference types="node" />
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word a user reads goes through i18next: this scan fails on text written straight into
 * the screens' JSX (a text child, or a label, placeholder, title, description or aria-label
 * attribute given as a plain string). Proper names that are the same in every language are
 * the only exceptions.
 */
const SOURCE = path.resolve(import.meta.dirname, '../..');
const ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'title',
  'description',
  'aria-label',
  'alt',
  'emptyText',
]);
/** Names, not words: the same in every language. */
const PROPER_NAMES = new Set([
  'Genni',
  'PayPal',
  'TikTok',
  'Instagram',
  'YouTube',
  'Spotify',
  'OpenAPI',
  // The contact form's hidden trap for bots (aria-hidden, never shown).
  'Website',
  'ID',
  'CSV',
  'PDF',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Words a person reads: not a name, not an example address or handle ('https://', '@you'). */
const isWords = (text: string) =>
  /\p{L}{2,}/u.test(text) && !PROPER_NAMES.has(text.trim()) && !/^(https?:\/\/|@)/.test(text.trim());

function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(SOURCE, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer.text
        : ts.isJsxExpression(node.initializer) &&
            node.initializer.expression &&
            (ts.isStringLiteral(node.initializer.expression) ||
              ts.isNoSubstitutionTemplateLiteral(node.initializer.expression))
          ? node.initializer.expression.text
          : null;
      if (value !== null && isWords(value)) found.push(`${where(node)} ${node.name.getText()}="${value}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no text outside the translations', () => {
  it('has no words written straight into the screens', () => {
    expect(sources(SOURCE).flatMap(literalTexts)).toEqual([]);
  });
});
