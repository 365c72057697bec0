import { describe, expect, it } from 'vitest';
import { canonicalPath } from './app';

describe('canonicalPath (trailing-slash policy)', () => {
  it('leaves canonical paths alone', () => {
    expect(canonicalPath('/')).toBeNull();
    expect(canonicalPath('/signIn')).toBeNull();
  });
  it('removes trailing slashes and collapses repeated ones', () => {
    expect(canonicalPath('/signIn/')).toBe('/signIn');
    expect(canonicalPath('/signIn//')).toBe('/signIn');
    expect(canonicalPath('//signIn')).toBe('/signIn');
    expect(canonicalPath('/a//b/')).toBe('/a/b');
  });
  it('never produces a protocol-relative (off-site) redirect', () => {
    expect(canonicalPath('//evil.example/')).toBe('/evil.example');
  });
});
