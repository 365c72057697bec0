/**
 * CopyField's button on a page served without the client app (docs/decisions/0069): this small
 * inline script copies the field beside a [data-copy-field] button and says so in the field's
 * status line, or selects the text for a manual copy when the clipboard is refused, as CopyField does.
 */
const SCRIPT = `(function(){document.addEventListener('click',function(e){var b=e.target&&e.target.closest?e.target.closest('[data-copy-field]'):null;if(!b)return;var f=b.parentNode.querySelector('input'),s=b.parentNode.parentNode.querySelector('[data-copy-status]');if(!f)return;function say(a,bad){if(s){s.textContent=b.getAttribute(a)||'';s.setAttribute('data-state',bad?'failed':'copied')}}function fail(){f.select();say('data-copy-failed',true)}if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(f.value).then(function(){say('data-copied',false)},fail);else fail()})})();`;

export function CopyButtonsScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
