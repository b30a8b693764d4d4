import { describe, expect, it } from 'vitest';
import { isTimeZone, localDateTime } from './time-zones.js';

describe('isTimeZone', () => {
  it('accepts IANA names the runtime knows and UTC', () => {
    for (const zone of [
      'Europe/Berlin',
      'America/New_York',
      'America/Argentina/Salta',
      'Asia/Kolkata',
      'Etc/GMT+5',
      'UTC',
    ]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses unknown places, abbreviations, offsets and other spellings', () => {
    for (const zone of [
      'Mars/Olympus_Mons',
      'EST',
      'CET',
      '+01:00',
      'UTC+1',
      'europe/berlin',
      'Europe',
      '',
      ' Europe/Berlin',
    ]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});

describe('localDateTime', () => {
  it('gives the date and time of an instant in a zone, UTC without one', () => {
    const instant = new Date('2026-11-30T23:30:00.000Z');
    expect(localDateTime(instant, null)).toEqual({ date: '2026-11-30', time: '23:30' });
    expect(localDateTime(instant, 'Europe/Berlin')).toEqual({ date: '2026-12-01', time: '00:30' });
    expect(localDateTime(instant, 'America/Los_Angeles')).toEqual({ date: '2026-11-30', time: '15:30' });
  });
});
