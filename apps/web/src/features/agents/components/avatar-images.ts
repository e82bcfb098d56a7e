// The avatar emoji as pictures: Twemoji by Twitter, CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/),
// from the npm package @iconify-icons/twemoji. Drawn from SVG, so no colour-emoji font is needed.
import airplane from '@iconify-icons/twemoji/airplane';
import artistPalette from '@iconify-icons/twemoji/artist-palette';
import balanceScale from '@iconify-icons/twemoji/balance-scale';
import barChart from '@iconify-icons/twemoji/bar-chart';
import books from '@iconify-icons/twemoji/books';
import brain from '@iconify-icons/twemoji/brain';
import compass from '@iconify-icons/twemoji/compass';
import cooking from '@iconify-icons/twemoji/cooking';
import hammerAndWrench from '@iconify-icons/twemoji/hammer-and-wrench';
import headphone from '@iconify-icons/twemoji/headphone';
import lightBulb from '@iconify-icons/twemoji/light-bulb';
import magnifyingGlass from '@iconify-icons/twemoji/magnifying-glass-tilted-left';
import memo from '@iconify-icons/twemoji/memo';
import robot from '@iconify-icons/twemoji/robot';
import seedling from '@iconify-icons/twemoji/seedling';
import shoppingCart from '@iconify-icons/twemoji/shopping-cart';
import speechBalloon from '@iconify-icons/twemoji/speech-balloon';
import stethoscope from '@iconify-icons/twemoji/stethoscope';
import teacher from '@iconify-icons/twemoji/teacher';
import technologist from '@iconify-icons/twemoji/technologist';

interface IconData {
  body: string;
  width?: number;
  height?: number;
}

const toImage = ({ body, width = 36, height = 36 }: IconData) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${body}</svg>`)}`;

/** The avatar choices, in the picker's order: the emoji stored on the agent → its picture. */
export const AVATAR_IMAGES: ReadonlyMap<string, string> = new Map(
  (
    [
      ['🤖', robot],
      ['🧠', brain],
      ['💡', lightBulb],
      ['📚', books],
      ['🧭', compass],
      ['🛠️', hammerAndWrench],
      ['📝', memo],
      ['💬', speechBalloon],
      ['🔍', magnifyingGlass],
      ['📊', barChart],
      ['🧑‍💻', technologist],
      ['🧑‍🏫', teacher],
      ['🩺', stethoscope],
      ['⚖️', balanceScale],
      ['✈️', airplane],
      ['🍳', cooking],
      ['🎨', artistPalette],
      ['🎧', headphone],
      ['🛒', shoppingCart],
      ['🌱', seedling],
    ] as Array<[string, IconData]>
  ).map(([emoji, icon]) => [emoji, toImage(icon)]),
);

/** The picture of an emoji, also when it was typed without its variation selector. */
export function avatarImageOf(emoji: string): string | undefined {
  return AVATAR_IMAGES.get(emoji) ?? AVATAR_IMAGES.get(`${emoji}\u{FE0F}`) ?? AVATAR_IMAGES.get(emoji.replace(/\u{FE0F}/gu, ''));
}
