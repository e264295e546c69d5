/** How the wizard reports progress and outcomes (the dashboard's loading overlay and banners). */
export type WizardFeedback = {
  showLoading: (message: string) => void;
  hideLoading: () => void;
  showSuccess: (message: string) => void;
  showError: (message: string) => void;
};

export type WizardUser = { full_name?: string | null; email?: string | null } | undefined;
