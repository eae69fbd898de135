/** Short promises under the heading: what a parent most wants to know before starting. */
const NOTES = [
  {
    text: 'Secure checkout',
    icon: 'M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z',
  },
  {
    text: 'Photo used only for your book',
    icon: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z',
  },
  {
    text: 'Digital in 24 hours',
    icon: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 3v9h16V8l-8 5-8-5Zm1.8-1L12 10.9 18.2 7H5.8Z',
  },
  {
    text: 'Printed in 7-10 business days',
    icon: 'M3 4h8a2 2 0 0 1 1 .3A2 2 0 0 1 13 4h8v15h-7.5a1.5 1.5 0 0 0-1.5 1 1.5 1.5 0 0 0-1.5-1H3V4Zm2 2v11h6V6H5Zm8 0v11h6V6h-6Z',
  },
];

export function TrustNotes() {
  return (
    <ul className="trust-notes">
      {NOTES.map((note) => (
        <li key={note.text}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={note.icon} fillRule="evenodd" />
          </svg>
          {note.text}
        </li>
      ))}
    </ul>
  );
}
