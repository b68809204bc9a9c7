// The spec's sample posts, shown only while the forum has no posts at all (a seeded install never shows them).
const SAMPLES = [
  {
    title: 'How do you set a reserve without scaring bidders?',
    category: 'marketplace',
    author: 'Sample member',
    text: 'What reserve strategy has worked for you?',
  },
  {
    title: 'PPI checklist for a 991.2 Carrera S',
    category: 'technical',
    author: 'Sample member',
    text: 'Bore scoring, coolant pipes, PDK service history…',
  },
];

export function SamplePosts() {
  return (
    <section aria-label="Sample posts" className="space-y-3">
      <p className="text-sm text-slate-500">No discussions yet. Sample posts, to show what the forum looks like:</p>
      {SAMPLES.map((s) => (
        <article key={s.title} className="rounded-xl border border-dashed border-slate-300 bg-white p-5 opacity-80">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs capitalize">{s.category}</span>
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">sample</span>
          <h2 className="mt-2 font-semibold">{s.title}</h2>
          <p className="text-sm text-slate-500">{s.author}</p>
          <p className="mt-1 text-slate-700">{s.text}</p>
        </article>
      ))}
    </section>
  );
}
