import type {
  SheriffArea,
  SheriffAreaImportResult,
  SheriffAreaInput,
} from '@lexserve/contracts/sheriff-areas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../keys';

export type { SheriffArea, SheriffAreaImportResult };
/** What the area form sends (the schema's input: lists may be left out). */
export type SheriffAreaValues = Pick<SheriffAreaInput, 'name'> & Partial<Omit<SheriffAreaInput, 'name'>>;

/** GET /admin/sheriff-areas: every area by name, with the sheriffs appointed for it. */
export const useSheriffAreas = () =>
  useQuery({
    queryKey: adminKeys.sheriffAreas,
    queryFn: () => api.get<{ areas: SheriffArea[] }>('/admin/sheriff-areas'),
  });

const useAreaMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.sheriffAreas });
      await queryClient.invalidateQueries({ queryKey: adminKeys.sheriffs });
    },
  });
};

/** POST /admin/sheriff-areas (no id) or PUT /admin/sheriff-areas/{id}. */
export const useSaveSheriffArea = () =>
  useAreaMutation(({ id, values }: { id: number | null; values: SheriffAreaValues }) =>
    id === null
      ? api.post<SheriffArea>('/admin/sheriff-areas', values)
      : api.put<SheriffArea>(`/admin/sheriff-areas/${id}`, values),
  );

/** POST /admin/sheriff-areas/import: the CSV as the multipart field "file". */
export const useImportSheriffAreas = () =>
  useAreaMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<SheriffAreaImportResult>('/admin/sheriff-areas/import', form);
  });
