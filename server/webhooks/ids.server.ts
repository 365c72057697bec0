import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const random = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** msg_<time in base 36><16 random>: unique, and the delivery log sorts by it newest first. */
export const newMessageId = (now = Date.now()) => `msg_${now.toString(36).padStart(10, '0')}${random(16)}`;
export const newEndpointId = () => `ep_${random(16)}`;
