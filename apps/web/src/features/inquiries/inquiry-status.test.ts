import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity.ts';
import { inquiryStatusColor, inquiryStatusKey, inquiryViewOf } from './inquiry-status.ts';

describe('the inbox view of ?status', () => {
  it('shows the three statuses, and all for anything else', () => {
    expect(inquiryViewOf('unseen')).toBe('unseen');
    expect(inquiryViewOf('inprogress')).toBe('inprogress');
    expect(inquiryViewOf('COMPLETED')).toBe('completed');
    expect(inquiryViewOf('paid')).toBe('all');
    expect(inquiryViewOf('')).toBe('all');
    expect(inquiryViewOf(undefined)).toBe('all');
  });
});

describe('the status badge', () => {
  it('is a warning In Progress, a success Completed, and danger for anything else', () => {
    expect(inquiryStatusColor('In Progress')).toBe('yellow');
    expect(inquiryStatusColor('Completed')).toBe('green');
    expect(inquiryStatusColor('Unseen')).toBe('red');
    expect(inquiryStatusColor('Legacy text')).toBe('red');
  });
  it('translates the known statuses and shows a legacy one as it is', () => {
    expect(inquiryStatusKey('In Progress')).toBe('status.inprogress');
    expect(inquiryStatusKey('Legacy text')).toBeNull();
  });
});

describe('the activity timeline', () => {
  it('says what each audit entry did', () => {
    expect(describeActivity({ action: 'created', changes: null })).toEqual([{ key: 'created' }]);
    expect(
      describeActivity({ action: 'status', changes: { status: { from: 'Unseen', to: 'In Progress' } } }),
    ).toEqual([{ key: 'status', from: 'Unseen', to: 'In Progress' }]);
    expect(
      describeActivity({ action: 'assigned', changes: { assignedToEmail: { from: null, to: 'a@x.test' } } }),
    ).toEqual([{ key: 'assigned', to: 'a@x.test' }]);
    expect(
      describeActivity({ action: 'updated', changes: { assignedToEmail: { from: 'a@x.test', to: null } } }),
    ).toEqual([{ key: 'unassigned' }]);
    expect(describeActivity({ action: 'updated', changes: { phone: { from: null, to: '+1' } } })).toEqual([
      { key: 'updated', fields: ['phone'] },
    ]);
    expect(describeActivity({ action: 'note', changes: null })).toEqual([{ key: 'note' }]);
    expect(describeActivity({ action: 'hold', changes: { competitionId: 'c1' } })).toEqual([{ key: 'hold' }]);
    expect(describeActivity({ action: 'mystery', changes: null })).toEqual([{ key: 'other' }]);
  });
  it('says each thing one edit changed', () => {
    expect(
      describeActivity({
        action: 'updated',
        changes: {
          status: { from: 'Unseen', to: 'Completed' },
          assignedToName: { from: null, to: 'Sam' },
          assignedToEmail: { from: null, to: 'sam@x.test' },
          lastName: { from: 'A', to: 'B' },
        },
      }),
    ).toEqual([
      { key: 'status', from: 'Unseen', to: 'Completed' },
      { key: 'assigned', to: 'Sam' },
      { key: 'updated', fields: ['lastName'] },
    ]);
  });
});
