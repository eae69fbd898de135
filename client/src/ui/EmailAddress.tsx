import { Fragment } from 'react';

/**
 * An e-mail address that wraps, when it must, before its @ or one of its dots, never inside a word:
 * "alexandrina" / ".montgomery" / "@example.com" rather than "alexandrina.mont" / "gomery@exam" /
 * "ple.com".
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <span className="email-address">
      <DotsMayWrap text={email.slice(0, at)} />
      <wbr />@
      <DotsMayWrap text={email.slice(at + 1)} />
    </span>
  );
}

function DotsMayWrap({ text }: { text: string }) {
  return text.split('.').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          <wbr />.
        </>
      )}
      {part}
    </Fragment>
  ));
}
