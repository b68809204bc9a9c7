// "Save this search" on /auctions: names the list's current filters and saves them; a newly approved listing they
// find is then noticed (the bell, and mail by the member's settings). Members only: a visitor is asked to sign in.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus } from 'lucide-react';
import { SAVED_SEARCH_NAME_MAX_LENGTH, narrowsSearch, type SearchFilters } from '@app/shared';
import { useMe } from '../../../shared/session';
import { toast } from '../../../lib/toast';
import { userMessage } from '../../../lib/api-client';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
} from '../../../components/ui';
import { saveSearch, savedSearchesQueryKey } from '../api/saved-searches';
import { describeFilters } from '../utils/describe-filters';

export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: saveSearch,
    onSuccess: (saved) => {
      toast({ title: 'Search saved', description: `We'll tell you when a new listing matches "${saved.name}".` });
      void queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey });
      setOpen(false);
    },
    onError: (err) => toast({ title: userMessage(err, 'Failed to save the search'), variant: 'destructive' }),
  });
  if (!narrowsSearch(filters)) return null;
  if (!me.data?.user)
    return (
      <Link to="/login?next=/auctions" className="text-sm text-brand-600 underline" data-testid="save-search-sign-in">
        Sign in to save this search
      </Link>
    );
  const described = describeFilters(filters);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() !== '') save.mutate({ name: name.trim(), filters });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setName(described.slice(0, SAVED_SEARCH_NAME_MAX_LENGTH));
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="save-search">
          <BookmarkPlus className="h-4 w-4" aria-hidden /> Save this search
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle className="text-lg font-semibold">Save this search</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">
          {described}. You will be told when a new listing matches.
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 space-y-4">
          <Field label="Name">
            <Input
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              required
              data-testid="saved-search-name"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending || name.trim() === ''} data-testid="saved-search-submit">
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
