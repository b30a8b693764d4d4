import { describe, expect, it } from 'vitest';
import { appendNote, trimOrNull } from './text.js';

describe('trimOrNull', () => {
  it('trims text', () => {
    expect(trimOrNull('  bolt  ')).toBe('bolt');
    expect(trimOrNull('a b')).toBe('a b');
  });

  it('answers null for nothing, empty or blank text', () => {
    expect(trimOrNull(null)).toBeNull();
    expect(trimOrNull(undefined)).toBeNull();
    expect(trimOrNull('')).toBeNull();
    expect(trimOrNull(' \t\n ')).toBeNull();
  });
});

describe('appendNote', () => {
  it('starts the text with the first note', () => {
    expect(appendNote(null, '  Called the supplier. ')).toBe('Called the supplier.');
    expect(appendNote('', 'Called the supplier.')).toBe('Called the supplier.');
  });

  it('adds a later note on a line of its own', () => {
    expect(appendNote('Approved.', ' Sent by mail. ')).toBe('Approved.\nSent by mail.');
  });

  it('keeps the text as it was for a missing or blank note', () => {
    expect(appendNote('Approved.', undefined)).toBe('Approved.');
    expect(appendNote('Approved.', null)).toBe('Approved.');
    expect(appendNote('Approved.', '   ')).toBe('Approved.');
    expect(appendNote(null, '')).toBeNull();
  });
});
