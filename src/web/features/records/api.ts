export const recordFileUrl = (id: number) => `/api/medical-records/${id}/file`;
export const recordDownloadUrl = (id: number) => `${recordFileUrl(id)}?download=1`;
