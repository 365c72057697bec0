/**
 * Screens served as plain HTML (handle.hydrate = false, docs/decisions/0004) never run LocalTime's
 * effect, so their event times stayed in the site's zone while hydrated screens showed the
 * visitor's. This small inline script gives them the same rule: every <time data-local-style> is
 * written again in the browser's zone, with the same Intl options (TIME_STYLE_OPTIONS), zone named.
 * The document CSP admits it by its hash like every inline script of the page.
 */
import { TIME_STYLE_OPTIONS } from '#app/lib/events/time';

const SCRIPT = `(function(){var o=${JSON.stringify(TIME_STYLE_OPTIONS)};var z;try{z=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){return}if(!z)return;var l=document.querySelectorAll('time[data-local-style]');for(var i=0;i<l.length;i++){var t=l[i],s=o[t.getAttribute('data-local-style')],d=new Date(t.getAttribute('datetime'));if(!s||isNaN(d.getTime()))continue;try{var f=Object.assign({},s,{timeZone:z});t.textContent=new Intl.DateTimeFormat(t.getAttribute('data-local-locale')||undefined,f).format(d);t.setAttribute('data-zone',z)}catch(e){}}})();`;

export function LocalTimesScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
