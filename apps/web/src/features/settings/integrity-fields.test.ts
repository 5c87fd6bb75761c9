import { INTEGRITY_DEFAULTS } from '@preffy/domain';
import { describe, expect, it } from 'vitest';
import { SERVER_FIELDS, fieldName, thresholdsOf, valuesOf } from './integrity-fields.ts';

describe('the thresholds form’s values', () => {
  it('shows rates and growths as percentages without floating-point tails, and sends them back as fractions', () => {
    const values = valuesOf(INTEGRITY_DEFAULTS);
    expect(values[fieldName('youtube', 'spike.medium.growthPerHour')]).toBe(280);
    expect(values[fieldName('tiktok', 'lowEngagement.maxLikeRate')]).toBe(0.2);
    expect(values[fieldName('tiktok', 'spike.medium.minGain')]).toBe(500);
    expect(thresholdsOf(values)).toEqual(INTEGRITY_DEFAULTS);
  });

  it('sends an emptied field as null, never as a default', () => {
    const values = { ...valuesOf(INTEGRITY_DEFAULTS), [fieldName('instagram', 'suddenStop.maxShare')]: '' };
    expect(thresholdsOf(values).instagram.suddenStop.maxShare).toBeNull();
  });

  it('maps every server field onto one form field', () => {
    expect(SERVER_FIELDS['thresholds.youtube.highEngagement.midFollowers']).toBe(
      fieldName('youtube', 'highEngagement.midFollowers'),
    );
    expect(new Set(Object.values(SERVER_FIELDS)).size).toBe(Object.keys(valuesOf(INTEGRITY_DEFAULTS)).length);
  });
});
