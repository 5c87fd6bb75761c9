import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/clock.ts';
import { insertPayment as insertPaymentRow } from '../payments/test-payments.ts';

/** Test fixtures of the report tests: snapshots, payments, and reading the files as a person would. */

const POPPLER = 'The report tests read PDFs with poppler-utils: apt-get install poppler-utils';

/** Runs a poppler tool; a missing one fails the test with how to install it (never a skip). */
function poppler(tool: 'pdftotext' | 'pdftoppm', args: string[], input?: Buffer) {
  try {
    return execFileSync(tool, args, { input, maxBuffer: 20 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing. ${POPPLER}`);
    throw error;
  }
}

/** The text a reader sees in the PDF (pdftotext). */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', ['-layout', '-', '-'], pdf).toString('utf8');

/** Renders every page to PNG (pdftoppm) and answers how many pages rendered. */
export function renderedPages(pdf: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
  try {
    poppler('pdftoppm', ['-png', '-r', '40', '-', path.join(dir, 'page')], pdf);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png'));
    for (const page of pages)
      if (!readFileSync(path.join(dir, page)).subarray(1, 4).equals(Buffer.from('PNG')))
        throw new Error(`${page} is not a PNG`);
    return pages.length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CSV's sections by title: the rows after the title line, header first, up to an empty line. */
export function csvSections(text: string): Map<string, string[][]> {
  const sections = new Map<string, string[][]>();
  let current: string[][] | undefined;
  for (const row of parseCsv(text)) {
    if (row.length === 1 && row[0] === '') current = undefined;
    else if (!current) sections.set(row[0]!, (current = []));
    else current.push(row);
  }
  return sections;
}

/** Anything shaped like an email address (a post link's '@handle/' is not). */
export const EMAIL_PATTERN = /[\w.+-]+@[\w-]+\.[\w.-]+/;

export async function insertSnapshot(app: FastifyInstance, postId: string, at: number, views: number) {
  await app.db
    .insertInto('postSnapshots')
    .values({ id: newId(), postId, at, views, likes: 0, comments: 0, shares: 0 })
    .execute();
}

/** A payment as Notify Winners makes it (finish wizard): for an entry, with its prize slot. */
export const insertPayment = (
  app: FastifyInstance,
  competitionId: string,
  p: {
    creator: string;
    platform: string;
    /** null: a legacy payment, made before prize slots were recorded (it pays `amount`). */
    prize: number | null;
    prizeLabel: string | null;
    status: string;
    amount?: number;
    deleted?: 0 | 1;
  },
) => insertPaymentRow(app.db, competitionId, { ...p, amount: p.amount ?? p.prize ?? 0 });
