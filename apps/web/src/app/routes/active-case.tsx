import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, lazy, type ComponentType } from 'react';
import { CaseDetailPage } from '../../features/documents/components/case-detail-page';

type PanelProps = { documentId: number };
type PanelModule = { CaseClosurePanel?: ComponentType<PanelProps> };

/**
 * The closures feature delivers `CaseClosurePanel({documentId})` on its own schedule. A glob import keeps the
 * build working before its file exists and picks it up once it does, without a cross-feature import.
 */
const candidates = import.meta.glob<PanelModule>('../../features/closures/components/*.tsx');
const keys = Object.keys(candidates)
  .filter((key) => !key.endsWith('.test.tsx'))
  .sort((a, b) => Number(b.includes('closure-panel')) - Number(a.includes('closure-panel')));

const ClosurePanel = keys.some((key) => key.includes('closure-panel'))
  ? lazy(async () => {
      for (const key of keys) {
        const module = await candidates[key]!();
        if (module.CaseClosurePanel) return { default: module.CaseClosurePanel };
      }
      return { default: () => null };
    })
  : null;

const closurePanel = ClosurePanel
  ? (documentId: number) => (
      <Suspense fallback={<CircularProgress size={24} aria-label="Loading case closure" />}>
        <ClosurePanel documentId={documentId} />
      </Suspense>
    )
  : undefined;

/** /app/dashboard/active-case/{documentId}: the case page with the closure tab of the closures feature. */
export function ActiveCasePage() {
  return <CaseDetailPage closurePanel={closurePanel} />;
}
