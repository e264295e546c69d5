import { useEffect } from 'react';

/** Sets the tab title to 'Page · LexServe' so screen-reader and tab users know where they are. */
export const useDocumentTitle = (title: string | undefined): void => {
  useEffect(() => {
    if (title) document.title = `${title} · LexServe`;
  }, [title]);
};
