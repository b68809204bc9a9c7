// Renders a kustomization the way `kubectl apply -k` would, for the parts of kustomize the product's manifests use
// (deploy/kubernetes): resources (files and folders), labels, namespace, images, ConfigMap and Secret generators
// (literals, env files) and strategic-merge patches. Generated names keep no content hash: the tests look at what the
// objects hold, not at their names. Anything else in a kustomization is refused, so a manifest never uses a feature
// this rendering would silently skip.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
} & Record<string, unknown>;

interface Generator {
  name: string;
  behavior?: 'create' | 'merge' | 'replace';
  literals?: string[];
  envs?: string[];
}
interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string> }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  patches?: { path: string }[];
}
const KNOWN = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'configMapGenerator',
  'secretGenerator',
  'patches',
]);

/** KEY=VALUE lines, comments and blank lines skipped, the value taken as written (kustomize's env files). */
export function envFile(text: string): Record<string, string> {
  const pairs = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const);
  return Object.fromEntries(pairs);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const named = (v: unknown[]): v is { name: string }[] => v.every((x) => isObject(x) && typeof x.name === 'string');

/** Strategic merge as far as these manifests need it: maps merge, lists of named items merge by name, other lists are replaced. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [k, v] of Object.entries(patch)) out[k] = k in target ? mergePatch(target[k], v) : v;
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch) && named(target) && named(patch)) {
    const out = target.map((item) => {
      const p = patch.find((x) => x.name === item.name);
      return p ? mergePatch(item, p) : item;
    });
    return [...out, ...patch.filter((p) => !target.some((t) => t.name === p.name))];
  }
  return patch;
}

function podSpecs(o: K8sObject): { containers?: { image?: string }[]; initContainers?: { image?: string }[] }[] {
  const spec = o.spec as { template?: { spec?: object } } | undefined;
  return spec?.template?.spec ? [spec.template.spec] : [];
}

/**
 * The objects a kustomization folder renders to. `files` stands in for files an overlay reads that are kept out of
 * the repository (secrets.env -> secrets.env.example).
 */
export function renderKustomization(dir: string, files: Record<string, string> = {}): K8sObject[] {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.keys(k).filter((key) => !KNOWN.has(key));
  if (unknown.length)
    throw new Error(`${dir}: kustomization fields this rendering does not apply: ${unknown.join(', ')}`);
  const read = (file: string) => {
    const path = join(dir, files[file] ?? file);
    if (!existsSync(path)) throw new Error(`${dir}: ${file} is missing`);
    return readFileSync(path, 'utf8');
  };

  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path, files));
    else
      objects.push(
        ...parseAllDocuments(readFileSync(path, 'utf8'))
          .map((d) => d.toJS() as K8sObject | null)
          .filter((o): o is K8sObject => o !== null),
      );
  }

  const generate = (g: Generator, kind: 'ConfigMap' | 'Secret') => {
    const data: Record<string, string> = {
      ...Object.fromEntries((g.literals ?? []).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])),
      ...Object.assign({}, ...(g.envs ?? []).map((f) => envFile(read(f)))),
    };
    const existing = objects.find((o) => o.kind === kind && o.metadata.name === g.name);
    if (g.behavior === 'merge' || g.behavior === 'replace') {
      if (!existing) throw new Error(`${dir}: ${kind} ${g.name} to ${g.behavior} is not among the resources`);
      existing.data = g.behavior === 'merge' ? { ...(existing.data as object), ...data } : data;
      return;
    }
    if (existing) throw new Error(`${dir}: ${kind} ${g.name} exists already`);
    objects.push(
      kind === 'Secret'
        ? {
            apiVersion: 'v1',
            kind,
            metadata: { name: g.name },
            type: 'Opaque',
            data: Object.fromEntries(Object.entries(data).map(([key, v]) => [key, Buffer.from(v).toString('base64')])),
          }
        : { apiVersion: 'v1', kind, metadata: { name: g.name }, data },
    );
  };
  for (const g of k.configMapGenerator ?? []) generate(g, 'ConfigMap');
  for (const g of k.secretGenerator ?? []) generate(g, 'Secret');

  for (const { path } of k.patches ?? []) {
    const patch = parse(read(path)) as K8sObject;
    const i = objects.findIndex(
      (o) => o.kind === patch.kind && o.apiVersion === patch.apiVersion && o.metadata.name === patch.metadata.name,
    );
    if (i < 0) throw new Error(`${dir}: patch ${path} matches no resource`);
    objects[i] = mergePatch(objects[i], patch) as K8sObject;
  }

  for (const { pairs } of k.labels ?? []) {
    objects = objects.map((o) => ({ ...o, metadata: { ...o.metadata, labels: { ...o.metadata.labels, ...pairs } } }));
  }
  for (const image of k.images ?? []) {
    for (const spec of objects.flatMap(podSpecs)) {
      for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
        if (c.image?.split(':')[0] === image.name)
          c.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
      }
    }
  }
  if (k.namespace) {
    objects = objects.map((o) =>
      o.kind === 'Namespace' ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } },
    );
  }
  return objects;
}
