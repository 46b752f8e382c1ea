export { UPN_ERROR_CODES, UpnError, type UpnErrorCode } from './upn-error';
export { UPN_FORM_LABELS, upnFormPdf } from './upn-pdf';
export {
  UPN_FIELDS,
  UPN_QR_CAPACITY,
  upnFields,
  upnPayload,
  type UpnData,
  type UpnFieldName,
  type UpnFields,
} from './upn-payload';
export { UPN_QR_VERSION, upnQrMatrix, type QrMatrix } from './upn-qr';
