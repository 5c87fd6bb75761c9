import { FORM_MESSAGES, PROMOTION_MESSAGES, competitionTimeOn } from '@preffy/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMOTION, bodyOf, validatePromotion, valuesOf } from './promotion-form-values.ts';

const ZONE = 'America/New_York';
const validate = validatePromotion(ZONE, (lines) => `bad lines ${lines.join(',')}`);
const filled = {
  ...EMPTY_PROMOTION,
  name: 'Giveaway',
  competitionId: 'c1',
  startDay: '2030-06-01',
  endDay: '2030-06-08',
  amount: 10,
  remainingBalance: 200,
  creatorEmailsText: 'Ann@Creators.test\n\nbob@creators.test\nann@creators.test\n',
};

describe('the promotion form', () => {
  it('sends days as 15:00 in the business zone and the creator emails once each, in lower case', () => {
    expect(bodyOf(filled, ZONE)).toEqual({
      name: 'Giveaway',
      competitionId: 'c1',
      startDate: competitionTimeOn('2030-06-01', ZONE),
      endDate: competitionTimeOn('2030-06-08', ZONE),
      isActive: true,
      amount: 10,
      remainingBalance: 200,
      creatorEmails: ['ann@creators.test', 'bob@creators.test'],
    });
    expect(validate(filled)).toEqual({});
  });

  it('shows the server rules on the inputs that hold them, and names the email lines that are wrong', () => {
    expect(
      validate({
        ...filled,
        name: '',
        competitionId: null,
        amount: '',
        remainingBalance: 0.005,
        startDay: '2030-06-08',
        endDay: '2030-06-01',
        creatorEmailsText: 'ok@creators.test\nnot an email\n\nalso@bad',
      }),
    ).toEqual({
      name: PROMOTION_MESSAGES.nameRequired,
      competitionId: PROMOTION_MESSAGES.competitionRequired,
      amount: PROMOTION_MESSAGES.amountRequired,
      remainingBalance: FORM_MESSAGES.amountInvalid,
      endDay: PROMOTION_MESSAGES.endBeforeStart,
      creatorEmailsText: 'bad lines 2,4',
    });
  });

  it('opens a stored promotion with its days and one email per line', () => {
    const values = valuesOf(
      {
        id: 'p1',
        name: 'Giveaway',
        competitionId: 'c1',
        competitionName: 'Song',
        startDate: competitionTimeOn('2030-06-01', ZONE),
        endDate: null,
        isActive: false,
        amount: 10,
        creatorEmails: ['a@creators.test', 'b@creators.test'],
        remainingBalance: 200,
        creatorCount: 20,
        canSend: true,
        sendBlock: null,
        version: 3,
        createdAt: 0,
        updatedAt: 0,
      },
      ZONE,
    );
    expect(values).toMatchObject({
      startDay: '2030-06-01',
      endDay: null,
      isActive: false,
      creatorEmailsText: 'a@creators.test\nb@creators.test',
    });
  });
});
