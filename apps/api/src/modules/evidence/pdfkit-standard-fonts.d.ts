// pdfkit's standard font metrics modules (package exports `./standard-fonts/*`), which @types/pdfkit does not declare.
declare module 'pdfkit/standard-fonts/*' {
  const data: unknown;
  export default data;
}
