import { describe, expect, it } from 'vitest';
import { isHttpUrl, isHttpUrlOrPath } from './links.js';

// Spellings a browser, mail client or spreadsheet would follow to something other than a web page.
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript\t:alert(1)',
  '\u00a0javascript:alert(1)',
  '\u0085javascript:alert(1)',
  '\u2028javascript:alert(1)',
  'javascript:alert(1) ',
  'javascript://example.com/%0aalert(1)',
  'ｊavascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'DATA:image/png;base64,AAAA',
  'file:///etc/passwd',
  'mailto:someone@example.com',
  'ftp://files.example.com/a.png',
  'blob:https://example.com/0b2f',
  'asset:tee-back',
  'x:y',
  '1a:b',
  'http:example.com/a.png',
  'https:/example.com/a.png',
  'http:\\\\example.com\\a.png',
  'https:///a.png',
  'https://',
  'https://@/a.png',
  'https://exa mple.com/a.png',
  'https://example.com/a b.png',
  'https://example.com/a.png\n',
  'https://example.com/\u0000.png',
  'https://[::1/a.png',
];

describe('isHttpUrlOrPath', () => {
  it.each([
    'https://cdn.example.com/products/a.png',
    'http://cdn.example.com/a.png?size=2&v=3#top',
    'HTTPS://CDN.EXAMPLE.COM/A.PNG',
    'HtTp://example.com',
    'https://cdn.example.com/b,c.png',
    'https://cdn.example.com/a.png?u=javascript:x',
    'https://[2001:db8::1]:8443/a.png',
    'https://例え.jp/画像.png',
    '/media/a.jpg',
    'media/products/01.jpg',
    'a.jpg',
    'tee-back',
    './a.jpg',
    '../a.jpg',
    'images/a:b.jpg',
    'a.jpg?v=1:2',
    'a.jpg#x:y',
    'javascript%3Aalert(1)',
  ])('accepts %j', (text) => {
    expect(isHttpUrlOrPath(text)).toBe(true);
  });

  it.each([
    ...HOSTILE,
    '',
    '//evil.example/a.png',
    '///a.png',
    '\\\\evil.example\\a.png',
    '/\\evil.example/a.png',
    ' a.jpg',
    'a.jpg ',
    'my photo.jpg',
  ])('refuses %j', (text) => {
    expect(isHttpUrlOrPath(text)).toBe(false);
  });
});

describe('isHttpUrl', () => {
  it.each(['https://www.example.com', 'http://example.com:8080/a?b=c#d', 'HTTPS://EXAMPLE.COM/'])(
    'accepts %j',
    (text) => {
      expect(isHttpUrl(text)).toBe(true);
    },
  );

  it.each([...HOSTILE, '', '/about', 'a.jpg', 'www.example.com', '//example.com/a.png'])('refuses %j', (text) => {
    expect(isHttpUrl(text)).toBe(false);
  });
});
