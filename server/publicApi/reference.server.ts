/**
 * The API's reference page (/api/v1/docs): plain server-rendered HTML built from the generated
 * OpenAPI document (operations, parameters, bodies, answers, schemas). No script, no outside asset.
 */
import { openApiDocument } from './openapi.server';

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

type Json = Record<string, unknown>;
const ref = (schema: unknown): string => {
  const s = (schema ?? {}) as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return `<a href="#schema-${esc(name)}">${esc(name)}</a>`;
  }
  if (s.type === 'array') return `array of ${ref(s.items)}`;
  if (Array.isArray(s.anyOf)) return (s.anyOf as unknown[]).map(ref).join(' | ');
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => `<code>${esc(v)}</code>`).join(' | ');
  const type = Array.isArray(s.type) ? (s.type as string[]).join(' | ') : String(s.type ?? 'object');
  return `<code>${esc(type)}</code>${s.format ? ` (${esc(s.format)})` : ''}`;
};

function schemaTable(schema: Json): string {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(props)
    .map(([name, p]) => `<tr><td><code>${esc(name)}</code>${required.has(name) ? '' : ' <small>(optional)</small>'}</td><td>${ref(p)}</td><td>${esc(p.description ?? '')}</td></tr>`)
    .join('');
  return rows ? `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>` : `<p>${ref(schema)}</p>`;
}

export function referencePage(origin: string): Response {
  const doc = openApiDocument(origin) as unknown as Json;
  const info = doc.info as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const ops = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = ((op.parameters ?? []) as Json[]).map((p) => `<li><code>${esc(p.name)}</code> in ${esc(p.in)}${p.required ? ', required' : ''}: ${ref(p.schema)} ${esc((p.description as string) ?? ((p.schema as Json)?.description as string) ?? '')}</li>`).join('');
      const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([status, r]) => {
          const content = (r.content ?? {}) as Record<string, Json>;
          const [type, media] = Object.entries(content)[0] ?? [];
          return `<li><code>${esc(status)}</code> ${esc(r.description)}${type ? `: ${esc(type)} ${ref(media?.schema)}` : ''}</li>`;
        })
        .join('');
      return `<section class="op" id="${esc(op.operationId)}"><h3><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3><p>${esc(op.summary)} ${esc(op.description)}</p>${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body ? `<h4>Body</h4><p>${ref(body.schema)}</p>` : ''}<h4>Responses</h4><ul>${responses}</ul></section>`;
    }),
  );
  const schemas = Object.entries(((doc.components as Json)?.schemas ?? {}) as Record<string, Json>)
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${s.description ? `<p>${esc(s.description)}</p>` : ''}${schemaTable(s)}</section>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(info.title)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a}code{background:#f1f1f1;padding:0 .2em;border-radius:3px;word-break:break-all}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}.op{border-top:1px solid #ccc;padding-top:.5rem}.m{font-weight:700;color:#0b5394}a{color:#0b5394}
</style></head><body><main><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${esc(info.description)}</p>
<p>Base URL: <code>${esc(origin)}/api/v1</code>. Machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2 id="problem">Errors</h2><p>Every error is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and, for invalid input, <code>errors[]</code> (<code>field</code>, <code>message</code>).</p>
<h2>Operations</h2><nav><ul>${Object.entries(paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => `<li><a href="#${esc(op.operationId)}">${esc(m.toUpperCase())} ${esc(path)}</a></li>`))
    .join('')}</ul></nav>${ops.join('')}<h2>Schemas</h2>${schemas}</main></body></html>`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
}
