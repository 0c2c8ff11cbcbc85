/**
 * Messages the server sends (errors, validation) and the forms show, in both languages.
 * Keys are semantic; `{name}` placeholders are filled from params.
 */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

const de = {
  'validation.required': 'Dieses Feld ist erforderlich.',
  'validation.email': 'Bitte eine gültige E-Mail-Adresse eingeben.',
  'validation.confirmed': 'Die Bestätigung stimmt nicht überein.',
  'validation.length': 'Muss genau {length} Zeichen lang sein.',
  'validation.alpha': 'Darf nur Buchstaben enthalten.',
  'validation.regex': 'Das Format ist ungültig.',
  'validation.is_not': 'Dieser Wert ist nicht erlaubt.',
  'validation.is': 'Der Wert stimmt nicht überein.',
  'validation.min': 'Muss mindestens {min} Zeichen lang sein.',
  'validation.max': 'Darf höchstens {max} Zeichen lang sein.',
  'validation.upCase': 'Mindestens ein Grossbuchstabe benötigt',
  'validation.common_password': 'Dieses Passwort ist zu häufig und leicht zu erraten.',
  'validation.username': 'Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich (3–40 Zeichen).',
  'validation.invalid': 'Der Wert ist ungültig.',
  'validation.integer': 'Muss eine ganze Zahl sein.',
  'validation.number_min': 'Muss mindestens {min} sein.',
  'validation.number_max': 'Darf höchstens {max} sein.',
  'validation.url': 'Bitte eine gültige http- oder https-Adresse eingeben.',
  'validation.unknown_field': 'Dieses Feld ist nicht erlaubt.',
  'validation.email_taken': 'Diese E-Mail-Adresse ist bereits vergeben.',
  'validation.username_taken': 'Dieser Benutzername ist bereits vergeben.',
  'validation.current_password': 'Das aktuelle Passwort ist falsch.',
  'validation.current_password_for_email':
    'Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.',
  'validation.image_type': 'Bitte ein Bild im Format JPEG, PNG, GIF oder WebP hochladen.',
  'validation.image_size': 'Das Bild darf höchstens {max} MB gross sein.',
  'errors.validation_failed': 'Die Eingaben sind ungültig.',
  'errors.unauthenticated': 'Nicht angemeldet.',
  'errors.forbidden': 'Dafür fehlt die Berechtigung.',
  'errors.not_found': 'Nicht gefunden.',
  'errors.route_not_found': 'Diese Adresse gibt es nicht.',
  'errors.csrf_mismatch':
    'Die Sitzung ist abgelaufen (CSRF-Token fehlt oder ist falsch). Bitte die Seite neu laden.',
  'errors.rate_limited': 'Zu viele Anfragen. Bitte in {seconds} Sekunden erneut versuchen.',
  'errors.internal_error': 'Ein interner Fehler ist aufgetreten.',
  'errors.service_unavailable': 'Der Dienst ist gerade nicht verfügbar. Bitte später erneut versuchen.',
  'errors.storage_full':
    'Der Speicherplatz des Servers ist voll; es wurde nichts gespeichert. Bitte später erneut versuchen.',
  'errors.payload_too_large': 'Die Anfrage ist zu gross.',
  'errors.unsupported_media_type': 'Dieses Anfrageformat wird nicht unterstützt.',
  'errors.bad_request': 'Die Anfrage ist fehlerhaft.',
  'errors.uri_too_long': 'Die Adresse ist zu lang.',
  'errors.method_not_allowed': 'Diese Adresse kann nicht mit {method} aufgerufen werden (erlaubt: {allow}).',
  'errors.conflict': 'Der Vorgang steht im Konflikt mit dem aktuellen Stand.',
  'auth.failed': 'Diese Anmeldedaten sind ungültig.',
  'auth.throttled': 'Zu viele Anmeldeversuche. Bitte in {seconds} Sekunden erneut versuchen.',
  'auth.disabled': 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.',
  'auth.verify_invalid': 'Der Bestätigungslink ist ungültig.',
  'auth.verify_expired': 'Der Bestätigungslink ist abgelaufen. Bitte einen neuen anfordern.',
  'auth.unverified':
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail. Sie können den Link auf dieser Seite erneut anfordern.',
  'auth.verified': 'Die E-Mail-Adresse wurde bestätigt.',
  'auth.already_verified': 'Die E-Mail-Adresse ist bereits bestätigt.',
  'auth.verification_sent': 'Ein neuer Bestätigungslink wurde gesendet.',
  'auth.reset_link_sent':
    'Wenn ein Konto mit dieser E-Mail-Adresse existiert, wurde ein Link zum Zurücksetzen gesendet.',
  'auth.reset_invalid': 'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.',
  'auth.password_reset': 'Das Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.',
  'auth.password_changed': 'Das Passwort wurde geändert.',
  'auth.registered':
    'Registrierung erfolgreich. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link in der E-Mail.',
  'auth.registered_mail_failed':
    'Die Registrierung war erfolgreich, aber die Bestätigungs-E-Mail konnte gerade nicht versendet werden. Bitte melden Sie sich an und fordern Sie einen neuen Bestätigungslink an.',
  'auth.profile_updated': 'Das Profil wurde gespeichert.',
  'auth.logged_out': 'Erfolgreich abgemeldet.',
  'seminar.has_bookings': 'Das Seminar hat Buchungen und kann nicht gelöscht werden.',
  'seminar.company_required': 'Bitte die Firma wählen, für die das Seminar ist.',
  'booking.not_free': 'Dieses Seminar ist nicht kostenlos buchbar.',
  'booking.own_seminar': 'Eigene Seminare können nicht gebucht werden.',
  'booking.already_booked': 'Sie haben dieses Seminar bereits gebucht.',
  'payment.free_seminar': 'Dieses Seminar ist kostenlos und wird ohne Zahlung gebucht.',
  'payment.not_payable': 'Dieses Seminar kann nicht online bezahlt werden.',
  'payment.in_progress':
    'Für diese Buchung läuft bereits eine Zahlung. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  'payment.unavailable':
    'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  'chapter.locked': 'Dieses Kapitel ist gesperrt.',
  'chapter.too_deep': 'Unterkapitel können keine weiteren Unterkapitel haben.',
  'chapter.order_mismatch': 'Die neue Reihenfolge muss jedes Kapitel des Seminars genau einmal enthalten.',
  'media.type': 'Dieser Dateityp ist nicht erlaubt ({types}).',
  'media.too_large': 'Die Datei ist zu gross (höchstens {max} MB).',
  'media.missing': 'Bitte eine Datei wählen.',
  'media.range': 'Der angeforderte Bereich ist ungültig.',
  // multiple-choice tests
  'mc_test.has_runs':
    'Der Test hat bereits Durchläufe. Beim Löschen gehen sie mit verloren; bitte bestätigen.',
  'mc_test.disabled': 'Dieser Test ist nicht freigeschaltet.',
  'mc_test.empty': 'Dieser Test hat noch keine Fragen.',
  'mc_test.attempts_exhausted':
    'Sie haben alle erlaubten Durchläufe dieser Prüfung gemacht. Für einen weiteren wenden Sie sich bitte an die Kursleitung.',
  'mc_test.run_already_stopped': 'Dieser Durchlauf wurde bereits abgegeben.',
  'mc_test.answer_invalid': 'Die Antworten gehören nicht zu diesem Test.',
  'mc_test.not_accomplished': 'Nur ein bestandener Durchlauf kann als Abschluss bestätigt werden.',
  'mc_test.too_many_questions': 'Ein Test kann höchstens {max} Fragen haben.',
  'question.too_many_answers': 'Eine Frage kann höchstens {max} Antworten haben.',
  'mc_export.sheet_runs': 'Durchläufe',
  'mc_export.sheet_questions': 'Fragen',
  'mc_export.name': 'Name',
  'mc_export.email': 'E-Mail',
  'mc_export.start': 'Start',
  'mc_export.stop': 'Abgabe',
  'mc_export.achieved': 'Erreicht (%)',
  'mc_export.accomplished': 'Bestanden',
  'mc_export.confirmed': 'Bestätigt',
  'mc_export.question': 'Frage',
  'mc_export.answered': 'Beantwortet',
  'mc_export.right': 'Richtig',
  'mc_export.rate': 'Richtig (%)',
  'mc_export.yes': 'ja',
  'mc_export.no': 'nein',
  // item analysis (issue 17)
  'item_analysis.date_order': 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  'item_analysis.flag.too_few_runs': 'Zu wenige Durchläufe (unter 10), um die Frage zu beurteilen.',
  'item_analysis.flag.too_easy': 'Zu leicht: mehr als 95 % beantworten sie richtig.',
  'item_analysis.flag.too_hard': 'Zu schwer: weniger als 20 % beantworten sie richtig.',
  'item_analysis.flag.negative_discrimination':
    'Negative Trennschärfe: Schwächere lösen sie öfter als Stärkere, der Lösungsschlüssel ist wahrscheinlich falsch.',
  'item_analysis.flag.weak_discrimination':
    'Schwache Trennschärfe (unter 0,2): Sie trennt Starke kaum von Schwachen.',
  'mc_export.sheet_items': 'Itemanalyse',
  'mc_export.answer': 'Antwort',
  'mc_export.version': 'Fassung',
  'mc_export.correct': 'Korrekt',
  'mc_export.runs': 'Durchläufe',
  'mc_export.facility': 'Schwierigkeit (Anteil richtig)',
  'mc_export.discrimination': 'Trennschärfe (Korrelation)',
  'mc_export.upper_lower': 'Obere minus untere 27 %',
  'mc_export.chosen': 'Gewählt (%)',
  'mc_export.chosen_upper': 'Obere Gruppe (%)',
  'mc_export.chosen_lower': 'Untere Gruppe (%)',
  'mc_export.flags': 'Hinweise',
  // companies
  'validation.max_items': 'Höchstens {max} Einträge sind erlaubt.',
  'company.user_unknown': 'Es gibt kein Konto mit dieser E-Mail-Adresse.',
  'company.already_member': 'Diese Person gehört bereits zur Firma.',
  'company.member_invited':
    'Wir haben eine Einladung an {email} gesendet. Die Person gehört zur Firma, sobald sie die Einladung annimmt.',
  'company.invitation_other_address':
    'Diese Einladung gilt für eine andere E-Mail-Adresse. Bitte melden Sie sich mit der eingeladenen Adresse an.',
  'company.invitation_accepted': 'Sie gehören jetzt zu {company}.',
  'company.remove_self': 'Sie können sich nicht selbst aus der Firma entfernen.',
  'company.not_member': 'Mindestens eine Person gehört nicht zu dieser Firma.',
  'company.not_booked': 'Die Firma hat dieses Seminar nicht (bezahlt) gebucht.',
  'invitation.invalid': 'Diese Einladung ist ungültig.',
  'invitation.expired': 'Diese Einladung ist abgelaufen. Bitte fragen Sie nach einer neuen.',
  'access_link.invalid': 'Dieser Zugangslink ist ungültig.',
  'access_link.expired': 'Dieser Zugangslink ist abgelaufen.',
  'access_link.revoked': 'Dieser Zugangslink wurde widerrufen.',
  // administration
  'validation.date': 'Bitte ein Datum im Format JJJJ-MM-TT eingeben.',
  'validation.nul': 'Darf kein Nullzeichen (U+0000) enthalten.',
  'admin.user_disabled': 'Das Konto ist deaktiviert; an deaktivierte Konten werden keine E-Mails versendet.',
  'company.user_disabled':
    'Das Konto dieser Person ist deaktiviert; es kann kein Zugangslink erstellt werden.',
  'admin.unknown_scope': 'Unbekannte Rolle.',
  'admin.last_admin': 'Es muss mindestens ein aktiver Admin bleiben.',
  'admin.already_verified': 'Die E-Mail-Adresse ist bereits bestätigt.',
  'admin.owner_not_trainer': 'Neue Besitzer müssen Trainer oder Admin sein.',
  'admin.mail_sent': 'Die E-Mail wurde versendet.',
  'admin.job_retried': 'Der Auftrag wird erneut ausgeführt.',
  'company.short_name_format': 'Kurzname: 2–40 Zeichen, nur a–z, 0–9, - und _.',
  'company.short_name_taken': 'Dieser Kurzname ist bereits vergeben.',
  'company.not_empty': 'Die Firma hat noch Mitglieder, Buchungen oder Firmenseminare.',
  'company.manager_scope': 'Nur Personen mit der Rolle corporateTraining können eine Firma verwalten.',
  // privacy (issue 19)
  'privacy.owns_seminars':
    'Sie besitzen noch {count} Seminar(e). Bitte übergeben Sie diese zuerst an eine andere Trainerin oder einen anderen Trainer (ein Admin kann den Besitz übertragen); erst dann kann das Konto gelöscht werden.',
  'privacy.last_manager':
    'Sie sind die einzige verwaltende Person der Firma {companies}. Bitte ernennen Sie zuerst eine weitere verwaltende Person; erst dann kann das Konto gelöscht werden.',
  'privacy.export_pending':
    'Ihr Datenexport wird gerade vorbereitet. Sie erhalten eine E-Mail, sobald er bereitsteht.',
  'privacy.export_expired': 'Dieser Datenexport ist abgelaufen. Bitte fordern Sie einen neuen an.',
  'privacy.deletion_pending': 'Die Löschung dieses Kontos ist bereits beantragt.',
  'privacy.not_pending': 'Für dieses Konto ist keine Löschung beantragt.',
  'privacy.own_account': 'Ihr eigenes Konto löschen Sie im Profil unter «Meine Daten».',
  // progress and certificates (issue 16)
  'progress.too_many_segments': 'Höchstens {max} Abschnitte je Meldung.',
  'progress.segment_order': 'Ein Abschnitt muss vor seinem Ende beginnen.',
  'progress.beyond_duration': 'Die Stelle liegt hinter dem Ende des Videos.',
  'certificate.invalid': 'Dieses Zertifikat gibt es nicht. Bitte prüfen Sie den Code.',
  'certificate.already_revoked': 'Dieses Zertifikat wurde bereits widerrufen.',
  'progress_export.sheet': 'Fortschritt',
  'progress_export.name': 'Name',
  'progress_export.email': 'E-Mail',
  'progress_export.source': 'Buchung',
  'progress_export.chapters': 'Kapitel erledigt',
  'progress_export.tests': 'Tests bestanden',
  'progress_export.percent': 'Fortschritt (%)',
  'progress_export.coverage': 'Videos gesehen (%)',
  'progress_export.completed': 'Abgeschlossen am',
  'progress_export.certificate': 'Zertifikat',
  'progress_export.revoked': 'widerrufen',
  'progress_export.source_free': 'kostenlos',
  'progress_export.source_purchase': 'gekauft',
  'progress_export.source_company': 'Firma',
  'certificate_pdf.title': 'Zertifikat',
  'certificate_pdf.subtitle': 'Teilnahmebescheinigung',
  'certificate_pdf.intro': 'Hiermit wird bestätigt, dass',
  'certificate_pdf.completed': 'das Seminar',
  'certificate_pdf.completed_after': 'erfolgreich abgeschlossen hat.',
  'certificate_pdf.trainer': 'Trainer/in',
  'certificate_pdf.date': 'Abgeschlossen am',
  'certificate_pdf.hours': 'Umfang',
  'certificate_pdf.hours_value': '{hours} Stunden',
  'certificate_pdf.code': 'Prüfcode',
  'certificate_pdf.verify': 'Echtheit prüfen:',
} as const;

export type MessageKey = keyof typeof de;

const en: Record<MessageKey, string> = {
  'validation.required': 'This field is required.',
  'validation.email': 'Please enter a valid e-mail address.',
  'validation.confirmed': 'The confirmation does not match.',
  'validation.length': 'Must be exactly {length} characters long.',
  'validation.alpha': 'May only contain letters.',
  'validation.regex': 'The format is invalid.',
  'validation.is_not': 'This value is not allowed.',
  'validation.is': 'The value does not match.',
  'validation.min': 'Must be at least {min} characters long.',
  'validation.max': 'May be at most {max} characters long.',
  'validation.upCase': 'At least one capital letter required',
  'validation.common_password': 'This password is too common and easy to guess.',
  'validation.username': 'Only letters, digits, dot, hyphen and underscore (3–40 characters).',
  'validation.invalid': 'The value is invalid.',
  'validation.integer': 'Must be a whole number.',
  'validation.number_min': 'Must be at least {min}.',
  'validation.number_max': 'May be at most {max}.',
  'validation.url': 'Please enter a valid http or https address.',
  'validation.unknown_field': 'This field is not allowed.',
  'validation.email_taken': 'This e-mail address is already taken.',
  'validation.username_taken': 'This username is already taken.',
  'validation.current_password': 'The current password is wrong.',
  'validation.current_password_for_email': 'Please enter your current password to change the e-mail address.',
  'validation.image_type': 'Please upload a JPEG, PNG, GIF or WebP image.',
  'validation.image_size': 'The image may be at most {max} MB.',
  'errors.validation_failed': 'The given data was invalid.',
  'errors.unauthenticated': 'Not logged in.',
  'errors.forbidden': 'You are not allowed to do this.',
  'errors.not_found': 'Not found.',
  'errors.route_not_found': 'This address does not exist.',
  'errors.csrf_mismatch': 'The session has expired (CSRF token missing or wrong). Please reload the page.',
  'errors.rate_limited': 'Too many requests. Please try again in {seconds} seconds.',
  'errors.internal_error': 'An internal error occurred.',
  'errors.service_unavailable': 'The service is unavailable right now. Please try again later.',
  'errors.storage_full': "The server's storage is full; nothing was saved. Please try again later.",
  'errors.payload_too_large': 'The request is too large.',
  'errors.unsupported_media_type': 'This request format is not supported.',
  'errors.bad_request': 'The request is malformed.',
  'errors.uri_too_long': 'The address is too long.',
  'errors.method_not_allowed': 'This address does not accept {method} (allowed: {allow}).',
  'errors.conflict': 'The operation conflicts with the current state.',
  'auth.failed': 'These credentials do not match our records.',
  'auth.throttled': 'Too many login attempts. Please try again in {seconds} seconds.',
  'auth.disabled': 'This account has been disabled. Please contact support.',
  'auth.verify_invalid': 'The verification link is invalid.',
  'auth.verify_expired': 'The verification link has expired. Please request a new one.',
  'auth.unverified':
    'Please confirm your e-mail address first with the link in our e-mail. You can request the link again on this page.',
  'auth.verified': 'Your e-mail address has been verified.',
  'auth.already_verified': 'Your e-mail address is already verified.',
  'auth.verification_sent': 'A new verification link has been sent.',
  'auth.reset_link_sent': 'If an account with this e-mail address exists, a reset link has been sent.',
  'auth.reset_invalid': 'This password reset link is invalid or has expired.',
  'auth.password_reset': 'Your password has been reset. You can log in now.',
  'auth.password_changed': 'Your password has been changed.',
  'auth.registered':
    'Registration successful. Please confirm your e-mail address with the link in the e-mail.',
  'auth.registered_mail_failed':
    'Registration successful, but the confirmation e-mail could not be sent right now. Please log in and request a new confirmation link.',
  'auth.profile_updated': 'Your profile has been saved.',
  'auth.logged_out': 'Logged out successfully.',
  'seminar.has_bookings': 'The seminar has bookings and cannot be deleted.',
  'seminar.company_required': 'Please choose the company the seminar is for.',
  'booking.not_free': 'This seminar cannot be booked for free.',
  'booking.own_seminar': 'You cannot book your own seminar.',
  'booking.already_booked': 'You have already booked this seminar.',
  'payment.free_seminar': 'This seminar is free and is booked without payment.',
  'payment.not_payable': 'This seminar cannot be paid online.',
  'payment.in_progress':
    'A payment for this booking is already under way. Please wait a moment and try again.',
  'payment.unavailable':
    'The payment provider cannot be reached right now. Please try again in a few minutes.',
  'chapter.locked': 'This chapter is locked.',
  'chapter.too_deep': 'Sub-chapters cannot have sub-chapters of their own.',
  'chapter.order_mismatch': 'The new order must contain every chapter of the seminar exactly once.',
  'media.type': 'This file type is not allowed ({types}).',
  'media.too_large': 'The file is too large (at most {max} MB).',
  'media.missing': 'Please choose a file.',
  'media.range': 'The requested range is invalid.',
  // multiple-choice tests
  'mc_test.has_runs': 'The test already has runs. Deleting it deletes them too; please confirm.',
  'mc_test.disabled': 'This test is not enabled.',
  'mc_test.empty': 'This test has no questions yet.',
  'mc_test.attempts_exhausted':
    'You have used every allowed run of this exam. Please ask the trainer for another one.',
  'mc_test.run_already_stopped': 'This run has already been submitted.',
  'mc_test.answer_invalid': 'The answers do not belong to this test.',
  'mc_test.not_accomplished': 'Only an accomplished run can be confirmed as a graduation.',
  'mc_test.too_many_questions': 'A test can have at most {max} questions.',
  'question.too_many_answers': 'A question can have at most {max} answers.',
  'mc_export.sheet_runs': 'Runs',
  'mc_export.sheet_questions': 'Questions',
  'mc_export.name': 'Name',
  'mc_export.email': 'E-mail',
  'mc_export.start': 'Start',
  'mc_export.stop': 'Submitted',
  'mc_export.achieved': 'Achieved (%)',
  'mc_export.accomplished': 'Accomplished',
  'mc_export.confirmed': 'Confirmed',
  'mc_export.question': 'Question',
  'mc_export.answered': 'Answered',
  'mc_export.right': 'Right',
  'mc_export.rate': 'Correct rate (%)',
  'mc_export.yes': 'yes',
  'mc_export.no': 'no',
  // item analysis (issue 17)
  'item_analysis.date_order': 'The end date cannot be before the start date.',
  'item_analysis.flag.too_few_runs': 'Too few runs (under 10) to judge the question.',
  'item_analysis.flag.too_easy': 'Too easy: more than 95 % answer it right.',
  'item_analysis.flag.too_hard': 'Too hard: fewer than 20 % answer it right.',
  'item_analysis.flag.negative_discrimination':
    'Negative discrimination: weaker candidates get it right more often than stronger ones; the answer key is probably wrong.',
  'item_analysis.flag.weak_discrimination':
    'Weak discrimination (under 0.2): it hardly separates strong from weak candidates.',
  'mc_export.sheet_items': 'Item analysis',
  'mc_export.answer': 'Answer',
  'mc_export.version': 'Version',
  'mc_export.correct': 'Correct',
  'mc_export.runs': 'Runs',
  'mc_export.facility': 'Facility (share right)',
  'mc_export.discrimination': 'Discrimination (correlation)',
  'mc_export.upper_lower': 'Upper minus lower 27 %',
  'mc_export.chosen': 'Chosen (%)',
  'mc_export.chosen_upper': 'Upper group (%)',
  'mc_export.chosen_lower': 'Lower group (%)',
  'mc_export.flags': 'Flags',
  // companies
  'validation.max_items': 'At most {max} entries are allowed.',
  'company.user_unknown': 'There is no account with this e-mail address.',
  'company.already_member': 'This person already belongs to the company.',
  'company.member_invited':
    'We sent an invitation to {email}. The person joins the company once they accept it.',
  'company.invitation_other_address':
    'This invitation is for another e-mail address. Please log in with the invited address.',
  'company.invitation_accepted': 'You now belong to {company}.',
  'company.remove_self': 'You cannot remove yourself from the company.',
  'company.not_member': 'At least one person does not belong to this company.',
  'company.not_booked': 'The company has not booked (or not paid for) this seminar.',
  'invitation.invalid': 'This invitation is not valid.',
  'invitation.expired': 'This invitation has expired. Please ask for a new one.',
  'access_link.invalid': 'This access link is not valid.',
  'access_link.expired': 'This access link has expired.',
  'access_link.revoked': 'This access link has been revoked.',
  // administration
  'validation.date': 'Please enter a date as YYYY-MM-DD.',
  'validation.nul': 'Must not contain a NUL character (U+0000).',
  'admin.user_disabled': 'The account is disabled; no e-mail is sent to disabled accounts.',
  'company.user_disabled': "This person's account is disabled; no access link can be made.",
  'admin.unknown_scope': 'Unknown role.',
  'admin.last_admin': 'At least one active admin must remain.',
  'admin.already_verified': 'The e-mail address is already verified.',
  'admin.owner_not_trainer': 'New owners must be trainers or admins.',
  'admin.mail_sent': 'The e-mail has been sent.',
  'admin.job_retried': 'The job will run again.',
  'company.short_name_format': 'Short name: 2–40 characters, only a–z, 0–9, - and _.',
  'company.short_name_taken': 'This short name is already taken.',
  'company.not_empty': 'The company still has members, bookings or company seminars.',
  'company.manager_scope': 'Only people with the corporateTraining role can manage a company.',
  'privacy.owns_seminars':
    'You still own {count} seminar(s). Please hand them over to another trainer first (an admin can transfer the ownership); only then can the account be deleted.',
  'privacy.last_manager':
    'You are the only manager of the company {companies}. Please appoint another manager first; only then can the account be deleted.',
  'privacy.export_pending':
    'Your data export is being prepared. You will receive an e-mail as soon as it is ready.',
  'privacy.export_expired': 'This data export has expired. Please request a new one.',
  'privacy.deletion_pending': 'The deletion of this account has already been requested.',
  'privacy.not_pending': 'No deletion has been requested for this account.',
  'privacy.own_account': 'You delete your own account in your profile under "My data".',
  // progress and certificates (issue 16)
  'progress.too_many_segments': 'At most {max} segments per save.',
  'progress.segment_order': 'A segment must start before it ends.',
  'progress.beyond_duration': 'The point lies beyond the end of the video.',
  'certificate.invalid': 'There is no such certificate. Please check the code.',
  'certificate.already_revoked': 'This certificate has already been revoked.',
  'progress_export.sheet': 'Progress',
  'progress_export.name': 'Name',
  'progress_export.email': 'E-mail',
  'progress_export.source': 'Booking',
  'progress_export.chapters': 'Chapters done',
  'progress_export.tests': 'Tests passed',
  'progress_export.percent': 'Progress (%)',
  'progress_export.coverage': 'Videos watched (%)',
  'progress_export.completed': 'Completed on',
  'progress_export.certificate': 'Certificate',
  'progress_export.revoked': 'revoked',
  'progress_export.source_free': 'free',
  'progress_export.source_purchase': 'purchased',
  'progress_export.source_company': 'company',
  'certificate_pdf.title': 'Certificate',
  'certificate_pdf.subtitle': 'Certificate of completion',
  'certificate_pdf.intro': 'This is to certify that',
  'certificate_pdf.completed': 'has completed the seminar',
  'certificate_pdf.completed_after': 'successfully.',
  'certificate_pdf.trainer': 'Trainer',
  'certificate_pdf.date': 'Completed on',
  'certificate_pdf.hours': 'Duration',
  'certificate_pdf.hours_value': '{hours} hours',
  'certificate_pdf.code': 'Verification code',
  'certificate_pdf.verify': 'Verify at:',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { de, en };

export type MessageParams = Record<string, string | number>;

export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.de[key] ?? key;
  return params ? template.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : template;
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(de, key);

/**
 * Validation messages travel inside zod issues as encoded keys (`@validation.min?min=8`), so one
 * schema serves both sides; {@link localizeMessage} turns them into text for a locale.
 */
export function encodeMessage(key: MessageKey, params?: MessageParams): string {
  if (!params) return `@${key}`;
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `@${key}?${query}`;
}

export function localizeMessage(locale: Locale, raw: string): string {
  if (!raw.startsWith('@')) return raw;
  const [key = '', query = ''] = raw.slice(1).split('?');
  if (!isMessageKey(key)) return raw;
  const params: MessageParams = {};
  for (const part of query ? query.split('&') : []) {
    const [k = '', v = ''] = part.split('=');
    params[decodeURIComponent(k)] = decodeURIComponent(v);
  }
  return t(locale, key, params);
}

/** Picks `de` or `en` from an Accept-Language header (q-values honoured); German by default. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return DEFAULT_LOCALE;
}
