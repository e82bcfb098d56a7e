import { describe, expect, it } from 'vitest';
import { AVATAR_CHOICES } from '../constants';
import { AVATAR_IMAGES, avatarImageOf } from './avatar-images';

describe('avatar pictures', () => {
  it('has a picture for every emoji the picker offers, and no other', () => {
    expect([...AVATAR_IMAGES.keys()]).toEqual([...AVATAR_CHOICES]);
    for (const emoji of AVATAR_CHOICES) expect(avatarImageOf(emoji)).toMatch(/^data:image\/svg\+xml,%3Csvg/);
  });

  it('finds an emoji typed with or without its variation selector', () => {
    expect(avatarImageOf('⚖')).toBe(AVATAR_IMAGES.get('⚖️'));
    expect(avatarImageOf('🤖\u{FE0F}')).toBe(AVATAR_IMAGES.get('🤖'));
    expect(avatarImageOf('🦄')).toBeUndefined();
  });
});
