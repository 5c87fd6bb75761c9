import {
  type LegacyImportReport,
  type ImportTableCounts,
  LEGACY_TABLE_NAMES,
  type LegacyTableName,
} from '@preffy/api';

/** A report with every count at zero (issue 41): the run fills it as it goes. */
export function emptyReport(): LegacyImportReport {
  const zero = (): ImportTableCounts => ({
    total: 0,
    read: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    tombstones: 0,
    deleted: 0,
    invalid: 0,
    orphans: 0,
    older: 0,
  });
  return {
    tables: Object.fromEntries(LEGACY_TABLE_NAMES.map((t) => [t, zero()])) as Record<
      LegacyTableName,
      ImportTableCounts
    >,
    unreadable: 0,
    payments: [],
    promotions: { count: 0, amountCents: 0, remainingCents: 0 },
    images: { copied: 0, missing: 0 },
  };
}

/** Dollars to whole cents: imported amounts are whole cents already (money bound), so this is exact. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Counts a payment's money under its status (finance ticks the totals off against the legacy). */
export function addPayment(report: LegacyImportReport, status: string, amount: number) {
  let line = report.payments.find((p) => p.status === status);
  if (!line) {
    line = { status, count: 0, amountCents: 0 };
    report.payments.push(line);
    report.payments.sort((a, b) => a.status.localeCompare(b.status));
  }
  line.count++;
  line.amountCents += toCents(amount);
}

export function addPromotion(report: LegacyImportReport, amount: number, remaining: number) {
  report.promotions.count++;
  report.promotions.amountCents += toCents(amount);
  report.promotions.remainingCents += toCents(remaining);
}

/** A report as the CSV an admin downloads: the counts, the money, then every problem. */
export function reportCsvHead(report: LegacyImportReport): string[][] {
  const rows: string[][] = [
    [
      'Table',
      'In the files',
      'Created',
      'Updated',
      'Unchanged',
      'Tombstones',
      'Deleted',
      'Invalid',
      'Orphans',
      'Older',
    ],
  ];
  for (const table of LEGACY_TABLE_NAMES) {
    const c = report.tables[table];
    rows.push(
      [
        table,
        c.total,
        c.created,
        c.updated,
        c.unchanged,
        c.tombstones,
        c.deleted,
        c.invalid,
        c.orphans,
        c.older,
      ].map(String),
    );
  }
  rows.push(['Unreadable lines', String(report.unreadable)]);
  rows.push([]);
  rows.push(['Payments by status', 'Count', 'Amount (USD)']);
  for (const p of report.payments) rows.push([p.status, String(p.count), (p.amountCents / 100).toFixed(2)]);
  rows.push([
    'Promotions',
    String(report.promotions.count),
    (report.promotions.amountCents / 100).toFixed(2),
  ]);
  rows.push(['Promotion balances', '', (report.promotions.remainingCents / 100).toFixed(2)]);
  rows.push(['Images copied', String(report.images.copied)]);
  rows.push(['Images missing', String(report.images.missing)]);
  rows.push([]);
  rows.push(['Problem', 'Table', 'Legacy id', 'File', 'Line', 'Reason']);
  return rows;
}
