/**
 * /embed.js, the small script a host page includes beside an embed (docs/decisions/0089): it sizes
 * every `<iframe data-platform-embed>` of this platform site to the height its page reports, and
 * makes the iframe for a `<div data-platform-embed data-src="…">` placeholder. It trusts a message
 * only from this site's origin (the script's own) and from the very frame it sizes, and reads
 * nothing but a height and a signed-in flag from it, and tells it (once, only to this site's origin)
 * the address of the page it is on. It asks each frame for its height when it starts, so a frame
 * that reported before an async script listened is sized too, and again on each load of a frame
 * (a frame still loading drops the ask and reports once its page is ready). Plain ES2017, no dependencies, under 3 kB.
 */
import type { Request, Response } from 'express';
import { ASK_MESSAGE, EMBED_MESSAGE, EMBED_PREFIX, HOST_MESSAGE } from '#app/lib/embed/paths';

export const EMBED_SCRIPT = `(function () {
  'use strict';
  var me = document.currentScript || document.querySelector('script[src$="/embed.js"]');
  if (!me) return;
  var origin;
  try { origin = new URL(me.src, location.href).origin; } catch (e) { return; }
  if (window.__platformEmbed && window.__platformEmbed[origin]) return;
  window.__platformEmbed = window.__platformEmbed || {};
  window.__platformEmbed[origin] = true;
  var MIN = 120, MAX = 8000;
  function ours(src) {
    try { var u = new URL(src, location.href); return u.origin === origin && u.pathname.indexOf(${JSON.stringify(EMBED_PREFIX)}) === 0; } catch (e) { return false; }
  }
  function frames() {
    return Array.prototype.filter.call(document.querySelectorAll('iframe[data-platform-embed]'), function (f) { return ours(f.src); });
  }
  function mount() {
    Array.prototype.forEach.call(document.querySelectorAll('div[data-platform-embed][data-src]'), function (d) {
      var src = d.getAttribute('data-src');
      if (!ours(src) || d.getAttribute('data-mounted')) return;
      d.setAttribute('data-mounted', 'true');
      var f = document.createElement('iframe');
      f.setAttribute('data-platform-embed', '');
      f.src = src;
      f.title = d.getAttribute('data-title') || 'Embedded event';
      f.setAttribute('allow', 'autoplay; fullscreen; picture-in-picture; storage-access');
      f.setAttribute('allowfullscreen', '');
      f.style.cssText = 'border:0;width:100%;max-width:100%;height:420px';
      d.appendChild(f);
    });
    frames().forEach(function (f) {
      if (!f.style.height) f.style.height = '420px';
      f.style.width = f.style.width || '100%';
      if (!f.getAttribute('data-embed-asked')) {
        f.setAttribute('data-embed-asked', 'true');
        f.addEventListener('load', function () { ask(f); });
      }
      ask(f);
    });
  }
  function ask(f) {
    try { f.contentWindow.postMessage({ type: ${JSON.stringify(ASK_MESSAGE)} }, origin); } catch (e) {}
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(EMBED_MESSAGE)} || typeof data.height !== 'number' || !isFinite(data.height)) return;
    frames().forEach(function (f) {
      if (f.contentWindow !== event.source) return;
      f.style.height = Math.min(MAX, Math.max(MIN, Math.ceil(data.height))) + 'px';
      f.setAttribute('data-embed-ready', 'true');
      f.setAttribute('data-signed-in', data.signedIn === true ? 'true' : 'false');
      // Once: tell the frame where it is shown, so a sign-in hop can come back to this page.
      if (!f.getAttribute('data-host-told')) {
        f.setAttribute('data-host-told', 'true');
        event.source.postMessage({ type: ${JSON.stringify(HOST_MESSAGE)}, href: location.href }, origin);
      }
    });
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount); else mount();
})();
`;

/** GET /embed.js: the script, cached briefly by browsers and CDNs (it changes with releases). */
export function embedScript(_req: Request, res: Response) {
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.type('application/javascript').send(EMBED_SCRIPT);
}
