import { describe, expect, it } from 'vitest';
import { formatFileSize } from './intl-format.ts';

describe('formatFileSize', () => {
  it.each(['en', 'jp'] as const)('writes sizes with the same units in %s', (language) => {
    expect(formatFileSize(900, language)).toBe('900 B');
    expect(formatFileSize(96_123, language)).toBe('93.9 KB');
    expect(formatFileSize(5 * 1024 * 1024, language)).toBe('5 MB');
    expect(formatFileSize(3.25 * 1024 ** 3, language)).toBe('3.3 GB');
  });

  it('groups the digits of a large number as the language does', () => {
    expect(formatFileSize(2000 * 1024 ** 3, 'en')).toBe('2,000 GB');
  });
});
