// The submit page's photo area: pick or drop PNG, JPEG or WebP photos; each uploads at once with its own progress.
import { useRef, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { PHOTO_MAX_BYTES, PHOTO_TEXTS, PHOTO_TYPES, PHOTOS_PER_CAR_MAX, type PhotoType } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { uploadPhoto } from '../api/upload-photo';
import { Button, Photo } from '../../../components/ui';

interface Tile {
  key: string;
  name: string;
  progress: number;
  url?: string;
}

const ALL_TYPES = Object.keys(PHOTO_TYPES) as PhotoType[];
const TYPE_NAMES: Record<PhotoType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/**
 * `initial`: photos already uploaded (a restored draft); `types`: the kinds this picker takes (the server proves each
 * from its bytes); `max`: how many; `testId`: prefix of the test ids, for pages with two pickers.
 */
export function PhotoPicker({
  onChange,
  initial = [],
  types = ALL_TYPES,
  max = PHOTOS_PER_CAR_MAX,
  testId = 'photo',
  label = 'Add photos',
}: {
  onChange: (urls: string[], busy: boolean) => void;
  initial?: string[];
  types?: PhotoType[];
  max?: number;
  testId?: string;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Keys go on from the photos the picker started with.
  const nextKey = useRef(initial.length);
  const [tiles, setTiles] = useState<Tile[]>(() =>
    initial.map((url, i) => ({
      key: `i${i + 1}`,
      name: url.slice(url.lastIndexOf('/') + 1),
      progress: 1,
      url,
    })),
  );
  const [dragging, setDragging] = useState(false);
  const latest = useRef<Tile[]>(tiles);
  const typeNames = types.map((t) => TYPE_NAMES[t]);
  const typeText = `${typeNames.slice(0, -1).join(', ')}${typeNames.length > 1 ? ' or ' : ''}${typeNames.at(-1)}`;

  const update = (next: Tile[]) => {
    latest.current = next;
    setTiles(next);
    onChange(
      next.flatMap((t) => (t.url ? [t.url] : [])),
      next.some((t) => !t.url),
    );
  };
  const patch = (key: string, change: Partial<Tile> | null) =>
    update(
      change === null
        ? latest.current.filter((t) => t.key !== key)
        : latest.current.map((t) => (t.key === key ? { ...t, ...change } : t)),
    );

  const add = (files: FileList | null) => {
    if (!files) return;
    const room = max - latest.current.length;
    for (const [i, file] of [...files].entries()) {
      // The server judges the bytes; these checks only spare a pointless upload.
      if (i >= room) {
        toast({ title: 'Too many photos', description: `At most ${max} photos here.`, variant: 'destructive' });
        break;
      }
      if (file.type !== '' && !(types as string[]).includes(file.type)) {
        toast({
          title: `${file.name} was not added`,
          description: `Only ${typeText} images are accepted`,
          variant: 'destructive',
        });
        continue;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        toast({ title: `${file.name} was not added`, description: PHOTO_TEXTS.tooLarge, variant: 'destructive' });
        continue;
      }
      const key = String((nextKey.current += 1));
      update([...latest.current, { key, name: file.name, progress: 0 }]);
      uploadPhoto(file, (progress) => patch(key, { progress }))
        .then((saved) => patch(key, { url: saved.url, progress: 1 }))
        .catch((err: unknown) => {
          patch(key, null);
          const description = userMessage(err, 'Please try again.');
          toast({ title: `Failed to upload ${file.name}`, description, variant: 'destructive' });
        });
    }
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={`mt-3 rounded-lg border-2 border-dashed p-3 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`}
    >
      <div className="flex flex-wrap gap-3">
        {tiles.map((t) => (
          <figure
            key={t.key}
            className="relative h-20 w-32 overflow-hidden rounded bg-slate-100"
            data-testid={`${testId}-tile`}
          >
            {t.url ? (
              <Photo slot="thumbnail" src={t.url} alt={t.name} className="h-full w-full object-cover" />
            ) : (
              <div
                className="flex h-full flex-col justify-center gap-1 px-2"
                role="progressbar"
                aria-label={`Uploading ${t.name}`}
                aria-valuenow={Math.round(t.progress * 100)}
              >
                <span className="truncate text-xs text-slate-600">{t.name}</span>
                <span className="h-1.5 rounded bg-slate-300">
                  <span
                    className="block h-full rounded bg-brand-600"
                    style={{ width: `${Math.round(t.progress * 100)}%` }}
                  />
                </span>
              </div>
            )}
            {t.url && (
              <Button
                variant="bare"
                onClick={() => patch(t.key, null)}
                aria-label={`Remove ${t.name}`}
                className="absolute right-1 top-1 rounded-full bg-black/60 p-0.5 text-white"
              >
                <X className="h-3.5 w-3.5" />
              </Button>
            )}
          </figure>
        ))}
        <Button
          variant="bare"
          onClick={() => input.current?.click()}
          className="flex h-20 w-32 flex-col items-center justify-center gap-1 rounded border border-slate-300 bg-white text-sm text-slate-600 hover:bg-slate-50"
          data-testid={testId === 'photo' ? 'add-photos' : `${testId}-add`}
        >
          <ImagePlus className="h-5 w-5" />
          {label}
        </Button>
      </div>
      <p className="mt-2 text-xs text-slate-500">{typeText}, up to 10 MB each. Drop files here or choose them.</p>
      <input
        ref={input}
        type="file"
        accept={types.join(',')}
        multiple
        hidden
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
        data-testid={`${testId}-input`}
      />
    </div>
  );
}
