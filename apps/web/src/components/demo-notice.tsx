import { useIsDemoInstallation } from '../lib/server-meta';

export const DEMO_NOTICE = 'Demo installation: sample data and a payment simulator; not for real cases.';

/** One line in a footer, shown only when the server says it is a demo installation. */
export function DemoInstallationNote() {
  const demo = useIsDemoInstallation();
  if (!demo) return null;
  return (
    <p className="ls-p ls-body2" role="note" style={{ marginTop: 8, fontWeight: 600 }}>
      {DEMO_NOTICE}
    </p>
  );
}

/** The signed-in screens' footer: only the demo note (nothing at all on a production installation). */
export function DemoFooter() {
  const demo = useIsDemoInstallation();
  if (!demo) return null;
  return (
    <footer
      style={{
        padding: '12px 16px',
        textAlign: 'center',
        backgroundColor: 'var(--ls-warning)',
        color: '#fff',
      }}
    >
      <p className="ls-p ls-body2" role="note">
        {DEMO_NOTICE}
      </p>
    </footer>
  );
}
