/**
 * A countdown on a page served without the client app (docs/decisions/0069) ticks by this small
 * inline script: every second, each [data-countdown-start] writes its days, hours, minutes and
 * seconds again from the browser's clock, as Countdown renders them, and stops at zero. The
 * document CSP admits it by its hash like every inline script of the page.
 */
const SCRIPT = `(function(){var l=document.querySelectorAll('[data-countdown-start]');if(!l.length)return;function p(n){return(n<10?'0':'')+n}function tick(){for(var i=0;i<l.length;i++){var c=l[i],t=Math.max(0,Math.floor((Number(c.getAttribute('data-countdown-start'))-Date.now())/1000)),v={d:String(Math.floor(t/86400)),h:p(Math.floor(t%86400/3600)),m:p(Math.floor(t%3600/60)),s:p(t%60)},u=c.querySelectorAll('[data-unit]');c.setAttribute('data-seconds-left',String(t));for(var j=0;j<u.length;j++)u[j].textContent=v[u[j].getAttribute('data-unit')]}}tick();setInterval(tick,1000)})();`;

export function CountdownScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
