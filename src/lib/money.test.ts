import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, currencyExponent, fromMinorUnits, isCurrency, toMinorUnits } from './money.js';

describe('money', () => {
  it('knows ISO 4217 exponents, including where CLDR differs', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('HUF')).toBe(2);
    expect(currencyExponent('IDR')).toBe(2);
    expect(() => currencyExponent('XYZ')).toThrow(RangeError);
  });

  it('validates codes', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('ABC')).toBe(false);
    expect(isCurrency('XAF')).toBe(true);
    for (const notMoney of ['XAU', 'XDR', 'XTS', 'XXX']) expect(isCurrency(notMoney)).toBe(false);
  });

  it('defaults to US dollars', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(isCurrency(DEFAULT_CURRENCY)).toBe(true);
  });

  it.each([
    [19.99, 'USD', 1999],
    [1.005, 'USD', 101],
    [1.004, 'USD', 100],
    [-1.005, 'USD', -101],
    [0.1 + 0.2, 'USD', 30],
    [1234, 'JPY', 1234],
    [1234.5, 'JPY', 1235],
    [-1234.5, 'JPY', -1235],
    [1.2345, 'KWD', 1235],
    [9999999.99, 'USD', 999999999],
    [0, 'USD', 0],
    [-0.001, 'USD', 0],
    [1e-7, 'USD', 0],
  ])('toMinorUnits(%s, %s) = %s (half away from zero)', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it('refuses non-finite and absurd amounts', () => {
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(1e13, 'USD')).toThrow(RangeError);
  });

  it('converts back to currency units', () => {
    expect(fromMinorUnits(1999, 'USD')).toBe(19.99);
    expect(fromMinorUnits(1235, 'KWD')).toBe(1.235);
    expect(fromMinorUnits(1234, 'JPY')).toBe(1234);
    expect(fromMinorUnits(-101, 'USD')).toBe(-1.01);
    expect(fromMinorUnits(10, 'USD')).toBe(0.1);
  });
});
