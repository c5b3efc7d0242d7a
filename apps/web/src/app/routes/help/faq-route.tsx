const FAQ = [
  {
    question: 'How do I start a new chat?',
    answer: "Open Chat and choose 'New Chat', or press Cmd+N (Ctrl+N on Windows and Linux).",
  },
  {
    question: 'How do I record a voice note?',
    answer: 'Open Voice Notes from the sidebar and use the record card at the top of the page.',
  },
  {
    question: 'How do I find a page or action quickly?',
    answer:
      'Press Cmd+K (Ctrl+K) or use the search button in the top bar to open the command palette.',
  },
  {
    question: 'Why was I signed out?',
    answer:
      'For your security, Kaleido signs you out after 30 minutes without activity. Sign in again to continue.',
  },
  {
    question: 'Who can see what I share?',
    answer:
      'Only you, unless you choose to share insights with the professionals assigned to you. Research data sharing is optional and anonymized.',
  },
];

export function FaqRoute() {
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="mb-4 text-lg font-semibold">
        Frequently asked questions
      </h2>
      <div className="flex flex-col gap-3">
        {FAQ.map((item) => (
          <article key={item.question} className="rounded-lg border p-4">
            <h3 className="font-medium">{item.question}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{item.answer}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
