import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

/**
 * What a dashboard tab can ask of the dashboard shell (spec 2.7): the full-page loading overlay
 * (which also disables the tabs), the success banner (hides after 5 s) and the error banner
 * (messages about the session are left to the session handling and not shown).
 */
export type DashboardFeedback = {
  showLoading: (message: string) => void;
  hideLoading: () => void;
  showSuccess: (message: string) => void;
  showError: (message: string) => void;
};

const noop = () => undefined;
const fallback: DashboardFeedback = {
  showLoading: noop,
  hideLoading: noop,
  showSuccess: noop,
  showError: noop,
};

const DashboardFeedbackContext = createContext<DashboardFeedback>(fallback);

export const useDashboardFeedback = (): DashboardFeedback => useContext(DashboardFeedbackContext);

export function DashboardFeedbackProvider({
  value,
  children,
}: {
  value: DashboardFeedback;
  children: ReactNode;
}) {
  return <DashboardFeedbackContext.Provider value={value}>{children}</DashboardFeedbackContext.Provider>;
}

/** Spec 2.7: errors about the session or an expiry are not shown as error banners. */
export const isSessionMessage = (message: string): boolean => /session|expired/i.test(message);
