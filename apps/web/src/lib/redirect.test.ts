import { describe, expect, it } from 'vitest';
import { buildLoginPath, resolveRedirectTarget } from './redirect';

describe('the guard redirect parameter', () => {
  it('encodes the original path, query string and hash', () => {
    const path = buildLoginPath({ pathname: '/kb/detail/42', search: '?tab=docs&q=a b', hash: '#seg-3' });
    expect(path).toBe('/login?redirect=%2Fkb%2Fdetail%2F42%3Ftab%3Ddocs%26q%3Da%20b%23seg-3');
  });

  it('round-trips through the login page, Chinese and all', () => {
    const original = '/agent/chat?name=智能体&x=1%2B1#最后';
    const url = new URL(buildLoginPath({ pathname: '/agent/chat', search: '?name=智能体&x=1%2B1', hash: '#最后' }), 'http://h');
    expect(url.pathname).toBe('/login');
    expect(resolveRedirectTarget(url.search)).toBe(original);
  });

  it('leaves the parameter out for the root and the sign-in screens', () => {
    expect(buildLoginPath({ pathname: '/', search: '', hash: '' })).toBe('/login');
    expect(buildLoginPath({ pathname: '/login', search: '?redirect=%2Fx', hash: '' })).toBe('/login');
  });

  it('goes to / without a parameter and refuses targets off this site', () => {
    expect(resolveRedirectTarget('')).toBe('/');
    expect(resolveRedirectTarget('?redirect=')).toBe('/');
    expect(resolveRedirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(resolveRedirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(resolveRedirectTarget('?redirect=%2F%5Cevil.example')).toBe('/');
    expect(resolveRedirectTarget('?redirect=%2Flogin')).toBe('/');
  });

  it('decodes a target that was encoded twice', () => {
    expect(resolveRedirectTarget(`?redirect=${encodeURIComponent(encodeURIComponent('/system/account?page=2'))}`)).toBe('/system/account?page=2');
  });
});
