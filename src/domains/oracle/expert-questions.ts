/**
 * Questions for a doctor, a lawyer or a financial adviser asked in a person's own words: "Is it
 * normal to still be bleeding ten days after a wisdom tooth came out?", "Lump in my armpit, pea
 * sized. Cancer or just a lymph node?", "Can I be evicted for having a cat if the lease doesn't
 * mention pets?", "Premium bonds or a cash ISA for my emergency fund?".
 *
 * Such a question has two parts, and both must be there: what is asked is a professional's
 * judgement (whether something is safe, normal, serious, allowed, owed, worth it; what it could
 * be; whether to be seen, to sue or to invest), and what it is asked about is the body, a drug, a
 * test; a will, a lease, a contract, an employer; a tax, a pension, a loan, a product. One without
 * the other is a life: "Is it normal to feel nothing after his diagnosis?" asks about a feeling;
 * "Am I allowed to be angry at her?" names no law. A question asking how to live with it, feel,
 * bear or choose is never one of these.
 */
import { sentencesOf } from './text.ts';

/** Words of medicine: the body, its signs, illnesses, drugs, tests and care. */
const MEDICAL_WORDS = String.raw`(?:${[
  // The body.
  String.raw`trapped nerve|pinched nerve|nerve pain|nerve damage|carpal tunnel|ha?emorrhoids|piles|clots?|itching|itchy|bed ?wetting|wets the bed|menopause|perimenopause|hot flush\w*|teeth grinding|grinding (my|his|her|their) teeth|is it grinding|morning after pill|statins?|anaesthe\w+|anesthe\w+|epipen|pregnan\w+|fertil\w+|ovulat\w+|miscarr\w+|legs?|arms?|foot|feet|hands?|eyes?|ears?|stomach|belly|toes?|fingers?|throat|nose|jaw|(hit|banged|bumped|knocked|bashed|smacked) (my|his|her|their|its) head|head injury|hurts|sore|aches?|aching|painful|ankles?|knees?|hips?|wrists?|elbows?|shoulders?|necks?|spine|back pain|lower back|ribs?|chest pain|armpits?|groin|bladder|bowels?|kidneys?|liver|lungs?|thyroid|prostate|ovar(y|ies)|uterus|cervix|womb|testicles?|breasts?|nipples?|moles?|skin|scalp|gums?|teeth|tooth|wisdom tooth|tonsils?|sinus(es)?|eardrums?|eyelids?|pupils?|retina|veins?|arteries|lymph nodes?|glands?|joints?|tendons?|ligaments?|muscles?|bones?|blood pressure|blood sugar|heart rate|pulse|cholesterol|periods?|menstrual|discharge|urine|pee|peeing|poop|stools?|bowel movements?|vomit\w*|throwing up|blood (in|when|on|after)|my heart (keeps|is|has been) (doing|skipping|racing|pounding|fluttering|beating)|heart palpitations|skipped beats?|irregular heartbeat|glasses|contagious|tummy|appendix|reflux|feeds?|feeding|threadworms?|worms|lethargic|dialysis|egfr|bloods|test results|button battery|swallowed|hair('s| is)? (coming|falling) out|period hasn't|toe joint|gallbladder|pancreas|spleen|colon|discs?|labou?r|braxton hicks|contractions|vet|vets|dog|puppy|cat|kitten|springer|spaniel|parrot|budgie|guinea pig|hamster|rabbit|tortoise|feathers|wet tail`,
  // Signs.
  String.raw`pregnancy tests?|tested (positive|negative)|test again|retest|pains|prediabet\w*|ectopic|bloat|sleep apn\w+|arrhythmia|panic attacks?|meningitis|benign|malignant|phototherapy|cin ?\d|\w+ectomy|ambulance|kicks|(baby'?s?|fetal|foetal) movements?|resting heart rate|floss\w*|clipped|developmental|milestones?|(speech|language|developmental|motor) delay|throb\w*|gallstones?|kidney stones?|symptoms?|lumps?|bumps?|swollen|swelling|bruis\w+|bleeding|bled|blisters?|blistered|rash(es)?|itch\w*|sores?|ulcers?|fever|temperature of|cough\w*|wheez\w+|short of breath|breathless|dizz\w+|faint\w*|black out|blacked out|tingling|cramps?|spasms?|migraines?|headaches?|nausea|nauseous|diarrh?o?ea|constipat\w+|heartburn|palpitations|sprain\w*|fractur\w+|broken (arm|leg|wrist|ankle|toe|finger|bone|rib|nose)|concussion|burns?|scald\w*|infect\w+|inflam\w+|pus|discolou?r\w+|tremor|seizures?|clicks?|thirsty|insomnia|snor\w+|sleep apnea|weight loss|lost \d+ ?(kilos|kg|pounds|lbs|stone)`,
  // Illness.
  String.raw`cancer|tumou?rs?|melanoma|diabet\w+|type (1|2|one|two)|thyroid\w*|endometriosis|pcos|anaemi\w|anemi\w|asthma|eczema|psoriasis|arthritis|gout|hernia|appendicitis|sepsis|stroke|heart attack|angina|epilepsy|migraine|shingles|measles|chickenpox|covid|flu|strep|uti|std|sti|hpv|herpes|chlamydia|pneumonia|bronchitis|dementia|alzheimer\w*|parkinson\w*|adhd|autism|lupus|ms|crohn\w*|ibs|celiac|coeliac|hypoglyc\w+|hypertension|low blood pressure|high blood pressure|sciatica|tinnitus|vertigo|jaundice|allerg\w+|intoleran\w+`,
  // Drugs and care.
  String.raw`\w{3,}(pril|sartan|olol|statin|azole|cillin|cycline|mycin|floxacin|prazole|tidine|zepam|zolam|triptan|oxetine|afil|parin|farin|gliptin|lukast|tadine|olone|dronate|dipine|vudine|navir)|medication|meds|medicine|prescri\w+|dose|doses|dosage|pills?|tablets?|capsules?|antibiotics?|antidepressants?|antihistamines?|steroids?|inhaler|insulin|metformin|statins?|levothyroxine|sertraline|fluoxetine|citalopram|zopiclone|codeine|paracetamol|ibuprofen|aspirin|tylenol|advil|naproxen|tramadol|morphine|metronidazole|amoxicillin|melatonin|contracepti\w+|the pill|iud|hrt|vaccin\w+|jabs?|boosters?|side effects?|cold turkey|wean\w* off|withdrawal`,
  // Tests and clinics.
  String.raw`blood (test|tests|work|results)|bloodwork|scans?|mri|ct|x-?rays?|ultrasound|biopsy|smear|mammogram|colonoscopy|endoscopy|ecg|ekg|tsh|a1c|hba1c|psa|ferritin|haemoglobin|hemoglobin|cholesterol|results came back|came back at|gp|doctor|dentist|a&e|er|urgent care|walk-in|hospital|surgery|operation|stitches|physio|extraction|checked out|get checked|screening`,
].join('|')})`;
export const MEDICAL = new RegExp(String.raw`\b${MEDICAL_WORDS}\b`);

/**
 * What a clinician is asked: whether it is normal, safe or serious; what it is; what to do. The
 * question must name what it asks about ("Is it normal to still be bleeding…?").
 */
const CLINICAL_ASK = new RegExp(
  [
    String.raw`\bis (it|this|that|they) (still |actually |really )?(normal|safe|alright|all right|ok|okay|dangerous|serious|bad|fine|urgent|an emergency|contagious|infected|broken|sprained|cancer|benign)\b`,
    String.raw`\b(should|do|must) (i|we) (get|be|have) (it |this |that |them |him |her |myself )?(checked|tested|seen|scanned|looked at|examined|x-?rayed)\b`,
    String.raw`\bshould (i|we) (see|call|ring|go to|go in|book|ask for|ask about|push for|be pushing for|get|take|stop|start|keep taking|eat|drink|rest|ice|worry)\b`,
    String.raw`\bdo (i|we|you|they) need (a|an|to see|to go|stitches|antibiotics|a scan|to be seen|surgery|to rest)\b`,
    String.raw`\bwhat (does|do|could|would) (it|this|that|they|an? \w+ of \S+) (mean|indicate)\b`,
    String.raw`\bwhat (should|do) (i|we) (ask|ask for|expect)\b`,
    String.raw`\b(can|may|could) (i|we|you|she|he) (still |safely )?(drink|take|eat|mix|combine|go back|return|drive|exercise|fly|swim|shower|run|lift|walk on)\b`,
    String.raw`\b(when|how soon) (can|should|will|do) (i|we|you|she|he) (go back|return|drive|exercise|eat|drink|fly|swim|shower|run|lift|walk|stop taking|start)\b`,
    String.raw`\bhow long (until|before|after|does it take|should i|will it)\b`,
    String.raw`\bhow (do|can|would|will) (i|you|we) (know|tell) if\b`,
    String.raw`\bwhat should (my|his|her|the|a|their|our) [\w' ]{1,20}? (look|feel|be|smell) like\b`,
    String.raw`\bhow (much|many) [\w ]{0,20}?(can|should) (i|we|you|she|he) (take|have|drink|give)\b`,
    String.raw`\b(what|which) (is|are) (the )?(best|safest|right) (treatment|medication|cream|dose|thing to take)\b`,
    String.raw`\b(is|could|does) (it|this|that) (be |sound like |look like |mean )?(a |an )?(sign|symptom)\b`,
    String.raw`^(is|could) (it|this|that) (just |actually |really )?(be )?(my |a |an |the )?${MEDICAL_WORDS}\b`,
    String.raw`\bwill (i|he|she|it|they|my \w+|the \w+) (still )?(need|bleed|come back|get worse|heal|recover|scar|spread)\b`,
    String.raw`\bhow long (can|could|would|will) (someone|a person|people|he|she|they) (go|survive|live|last)\b`,
    String.raw`\b(something|anything) (i|we) can (do|take|use|try) (at home )?(for|about)\b`,
    String.raw`\bwhat (actually )?(heals|helps with|works for|cures|treats|gets rid of)\b`,
    String.raw`\bwhat would (a|the|my|your) (gp|doctor|vet|dentist|pharmacist|nurse|midwife|consultant|specialist) (usually |normally |actually |typically )?do\b|\bhow should (i|we) (stop|reduce|take|give)\b|\bcan (it|she|he|they|this|that) be (treated|cured|fixed|saved|operated on)\b|\bneeds? treating\b|\bhow long is (someone|a person|he|she|a child|a baby|my \w+) (with [\w ]{1,20} )?(contagious|infectious)\b`,
    String.raw`\bis (that|this|it) (just )?[\w ]{1,15},? or (could|might) (it|that|this) be (my |a |an |the )?${MEDICAL_WORDS}\b|\bis (that|this|it) my \w+ or\b|\b(normal|\w+), [\w -]{1,20},? or something else\s*\?`,
    String.raw`\bwhen should (i|we) (go in|go to (the )?hospital|call the (midwife|doctor|gp))\b|\btell me what (it|this|that) means\b`,
    String.raw`\bwhat (cream|ointment|medicine|tablets?|pills?|drops|spray|antihistamine|painkillers?|supplements?|vitamins?) (should|do|can|would|could) (i|we|you)\b`,
    String.raw`\bhow (many|much) (days|weeks|hours|time) (should|do|will|can|must) (i|we|you|she|he|they) (stay|be|keep|wait|rest|take off)\b`,
    String.raw`\bcan (that|this|it) (actually |really )?(cause|hurt|damage|harm|affect|spread|get serious|get worse)\b`,
    String.raw`\bat what (age|point|number|level|temperature) should (i|we)\b`,
    String.raw`\b(does|do|will|would|could) (that|this|it|they) (mess|interfere|interact) with\b`,
    String.raw`\bwhat (tests?|level|stage|dose|dosage|number|reading)\b`,
    String.raw`\bis (that|this|it) too (much|high|low|many|often|long)\b`,
    String.raw`\bhow (do|can|should) (i|we|you) (treat|cure|heal|get rid of|soothe|bring down|lower|stop the)\b`,
    String.raw`\b(am i|is (he|she)) (developing|getting|coming down with)\b`,
    String.raw`^(is|could) (it|this|that) (probably |likely |just |actually |really )+(be )?(my |a |an |the )?`,
    String.raw`\bwhat are the (signs|symptoms|risks|side effects)\b|\bare there (medicines|treatments|tablets|pills|drugs|exercises) for\b`,
    String.raw`\b(can|should|could) (i|we) (cut|split|crush|halve|double|skip|stop|come off|reduce|up) (the |my |them|it)`,
    String.raw`\bis (a|an|my|his|her|the) [\w ]{1,30}? \d[\d.,/]* ?(%|mg|mmol|bpm)? ?(bad|normal|high|low|dangerous|too high|too low|ok|okay|worrying|concerning)\b`,
    String.raw`\bis it too (late|early|soon) for (the|a|an) (morning after pill|pill|jab|vaccine|booster|test|scan|antibiotics|stitches|tetanus)\b|\b(high|low) enough (that|to|for)\b|\b(do|does) (these|this|it|that|they) (symptoms? )?(sound|look) like\b|\bsymptoms (sound|look) like\b`,
    String.raw`\bis (that|this|it) (a |an )?(\w+ ){0,2}(delay|infection|allergy|allergic reaction|intolerance|disorder|deficiency|concussion|fracture|sprain|stroke|heart attack|panic attack|hernia|cyst|ulcer)\b|\b(is|are) (a |an |the |my |his |her |their )?[\w ]{1,30}? likely to (pass|heal|go away|clear up|clear|spread|come back|return|get worse|need surgery)\b`,
    String.raw`\bis (this|it|that) [\w ]{1,20}? or (is it |could it be )?something (serious|worse|else|more serious)\b|\bwhat should (my|his|her|their|our|a|the) [\w' ]{1,20}? (level |reading |count )?be\b`,
    String.raw`^is [\w ]{1,40}? (normal|safe|dangerous|serious|ok|okay)\s*\??$|^am i (\w+ )?${MEDICAL_WORDS}\b|(^|[,;:] )(is|could) (it|this|that) (just |actually |really )?(be )?(my |a |an |the )?${MEDICAL_WORDS}\b`,
    String.raw`\bwhat('s| is) (a |the )?(normal|healthy|safe|good|average) [\w ]{1,30}?\b(for|at|in)\b|\bhow often should (i|we|you|a|an|the|my)\b|\b(more |less )?likely to be (benign|malignant|cancer\w*|serious|harmless|nothing)\b|\bdo (i|we) need (the |an? )?(emergency )?(vet|doctor|gp|dentist|hospital|a&e|er|ambulance)\b`,
    String.raw`\bcould (it|this|that|a|an|the|his|her|my) [\w ]{0,30}?be (a |an |the |my |his |her )?${MEDICAL_WORDS}\b|\bdo (i|we) need to (get|have) (it |this |that |them |him |her |myself )?(checked|seen|looked at|tested|scanned)\b|\bis [\w' ]{1,40}? (actually |really |even )?(dangerous|harmful|toxic|fatal|deadly)\b|\bwhat does (a |an |my |the )?[\w-]{1,20} mean\b`,
    String.raw`\bhow (do|can|would) (you|i|we) tell the difference between\b|\bwhat are the chances (this|it|that|he|she) (is|has)\b|\bat what point (do|should) (i|we)\b|\bis (that|this) (much|amount of|level of|many) [\w ]{1,20}? (normal|safe|dangerous|serious|ok|okay|too much)\b`,
    // "Broken or not?": a diagnosis asked yes or no.
    String.raw`\b[\w-]+ or not\s*\?\s*$`,
    // "Cancer or just a lymph node?": a diagnosis asked between two names.
    String.raw`^[\w -]{1,30} or (just |maybe |only )?(a |an )?[\w -]{1,25}\?\s*$`,
    // "Is that endometriosis?", "Prostate?": a name for it asked, the name being the medicine's.
    String.raw`^(is (that|this|it) |could (that|this|it) be |maybe )?(a |an )?(?!(when|where|why|who|what|how|i|you|we|he|she|they|and|but|or|so|then)\b)[\w -]{1,25}\?\s*$`,
  ].join('|'),
);
/**
 * The same asked of what the story told ("…it's swollen and purple. Is it serious?", "What could
 * it be?", "Can it wait until Monday?"): the story names what the question is about.
 */
const CLINICAL_ASK_OF_THE_STORY =
  /\bwhat('s| is) wrong(?! with (me|us|my life))\b|\bis (she|he|it) (ill|sick|in pain|dying)\b|\bwhat (could|might|would|can) cause\b|\bdoes (the whole|everyone|the \w+) (family )?(need|have) (treating|treatment|to be treated)\b|\bwhat (could|might|would|can) be causing (it|this|that|them)\b|\bwhat is (it|this|that)\s*(\?|$| and what)|\bdo (i|we) need glasses\b|\bis (that|this|it) normal (after|for|at|with|in)\b|\bat what (age|point) should (i|we) (worry|be worried|be concerned)\b|\bshould (i|we) (stop|start|keep taking|take|double|skip) (them|it|taking (them|it))\b|\b(be|is) something serious\b|\bdo (i|we) need to (get|have) (it|this|that|them|him|her) (checked|seen|looked at)\b|\bwhat (else )?should (i|we) (look|watch|check) (out )?for\b|\bor (is it |could it be )?something (serious|worse|more serious)\s*\??$|\bwhat does (that|this|it) mean\s*\?\s*$|\bwhat can (i|we) do (myself|at home|about it)\b|\bis (it|this|that|they) (still |actually |really )?(normal|serious|dangerous|urgent|bad|ok|okay|safe|too much|too high|too low|an emergency|infected|broken|contagious)\s*(\?|$)|\bis it (ok|okay|safe|fine|dangerous) to (take|mix|combine|give|drink|eat) (them|it|these|those|both)\b|\bwhat (are you supposed to|should i|do you|do i|should we) do (while|when|if|in the moment)\b|\bshould (i|we) (be )?(taking|take) (him|her|them|my \w+) (somewhere|in|to)\b|\bcan (that|this|it) (get|become) (serious|worse|infected)\b|\bdoes (that|this|it) mean (i'm|i am|he's|she's|he is|she is|my)\b|\bcan (i|we|you) (still |safely )?(drink|eat|take|have|mix|combine) |\bwhat (could|might|would|can) (it|this|that|they) be\b|\bcan (it|this|that|she|he) wait\b|\b(should|do) (i|we) (get|have) (it|this|that|them|him|her) (checked|looked at|seen|scanned|x-?rayed)\b|\bbroken or not\b|\b(when|how soon) (can|should) (i|we|you|she|he) (go back|return|drive|exercise|fly|swim|run|lift|walk)\b|\b(do|does) (it|this|that|she|he) need (stitches|a doctor|antibiotics|to be seen)\b/;

/**
 * A clinician's question about the situation the story told, not about what was said last
 * ("…she's suddenly very confused. I'm scared. What could cause a sudden change like that?"): a
 * feeling just before it does not make it a question about the feeling.
 */
const CLINICAL_SITUATION =
  /\bare there (any )?(things|ways|steps) (we|i) can (do|take) to (prevent|stop|avoid)\b|\bhow (do|can) (we|i) (prevent|stop) (them|it|this|these|that) (from )?(coming back|happening|recurring)\b|\bwhat (could|might|would|can) (cause|be causing) (that|this|it|a [\w ]{1,30} like (that|this))\b|\bwhat('s| is) (likely |probably )?going on\b|\bis (she|he) (ill|sick|in pain|poorly)\s*\?|\bwhat('s| is) wrong (with (him|her|it|my \w+|the \w+)|and what)\b|\bwhat would (a|the) (vet|doctor|gp|dentist|midwife|pharmacist) (usually |normally |actually )?do\b|\bhow (should|do) (i|we) (taper|come off|wean)\b/;

/** Words of the law: property, inheritance, tenancy, work, courts, money owed. */
export const LEGAL = new RegExp(
  String.raw`\b(${[
    String.raw`law|laws|legal\w*|illegal|lawful|lawyers?|solicitors?|attorneys?|court|courts|judge|tribunal|sue|suing|sued|lawsuit|claim|claims|settlement|compensation|damages|liab\w+|rights|entitled|contract|contracts|clause|signed|non-?compete|nda`,
    String.raw`a will|the will|no will|\w+ will (valid|legal|binding|count)|without a will|without (my|his|her|their|your|the other parent's) (permission|consent)|(his|her|my|their|mum's|mom's|dad's) will|wills|estate|executor|beneficiar\w+|inherit\w*|probate|deeds?|in (his|her|my|their) name|joint (tenancy|account|names?)|mortgage|title`,
    String.raw`lease|tenancy|tenants?|landlord|letting agent|rent|rented|renting|deposit|evict\w*|notice period|eviction notice|notice to quit|(days?|weeks?|months?)'? notice|flatmate|housemate|sublet\w*|hoa|council`,
    String.raw`employer|employment|boss|manager|hr|fired|sacked|dismiss\w+|redundan\w+|severance|wages?|salary|paid|pay|payslip|overtime|holiday pay|vacation (days|pay)|sick pay|maternity|paternity|notice period|disciplinary|grievance|union`,
    String.raw`points|speed awareness|i-?\d{3}|flexible working|holiday pay|self-employed|insurance|insurer|insurance policy|premium|accident|at fault|50/50|police|arrest\w*|charged|theft|stole|stolen|fraud|fined|a fine|penalty|ticket|speeding|licen[cs]e|visa|immigration|citizenship|deport\w*|custody|divorce\w*|alimony|child support|prenup|debt|debts|collectors?|bankrupt\w*|refund|warranty|seller|buyer|bought|purchase|neighbou?r\w*|boundary|fence|hedge|trees?|branches|driveway|property|shed|restraining order|protective order|non-molestation order|injunction|maintenance|cohabit\w*|small claims|home office|surname|criminal record|negligence|register|registrar|registry office|death certificate|birth certificate|deed poll|contact order|extension|our land|planning|paternity leave|maternity leave|handover|see the kids|fine us|fined us`,
  ].join('|')})\b`,
);

/** What a lawyer is asked: whether it is allowed, owed or enforceable; who gets it; what to do. */
const LEGAL_ASK = new RegExp(
  [
    String.raw`\b(am|are|is) (i|we|he|she|they) (still |legally |actually |even )?(allowed|permitted|entitled|obliged|required|responsible|liable|on the hook) (to|for)\b|\b(am|are|is) (i|we|he|she|they) (still |legally |actually |even )?(liable|responsible)\s*(\?|$)`,
    String.raw`\bwhat('s| is) the difference between\b|\bwhat happens legally\b|\bdo (the )?(courts|judges|tribunals|employers|landlords|insurers) (usually |normally |generally |tend to |really )?(favour|favor|side with|award|grant|allow|accept)\b|\bwill (this|that|it) [\w ]{0,20}?(criminal record|show up on)\b|\bwhat('s| is) the time limit (for|to|on)\b`,
    String.raw`\bdo (i|we) (legally )?(have|need) to (pay|give|tell|declare|report|leave|move|return|repay|keep|sign)\b`,
    String.raw`\bdo (i|we|they|you) (still |even )?(get|have) (any |a |the )?(legal )?(claim|right|rights|say|case|paid|money back|share)\b`,
    String.raw`\bcan (i|we) (be |get )?(evicted|fired|sacked|sued|arrested|charged|deported|fined|prosecuted)\b`,
    String.raw`\bcan (i|we) (go after|sue|claim|contest|challenge|appeal|withhold|recover|take (them|him|her|it) to court)\b`,
    String.raw`\bcan (the|my|his|her|their|they|he|she) [\w' ]{0,20}?(take|keep|evict|fire|charge|sell|refuse to|make (me|us)|force (me|us)|withhold)\b`,
    String.raw`\bwho (actually |legally |really )?(gets|inherits|owns|is entitled|pays for|is responsible for)\b`,
    String.raw`\bwhat (rights|claim|options|recourse) (do|does) [\w ]{1,40}? have\b`,
    String.raw`\bwhat counts as\b`,
    String.raw`\bis (that|this|it|keeping it) (actually |even |still )?(theft|legal|illegal|fraud|trespass|binding|enforceable|a crime|against the law)\b`,
    String.raw`\bdo (i|we) need a (lawyer|solicitor|attorney)\b`,
    String.raw`\bhow (do|can) (i|we) (contest|appeal|challenge|dispute|file|claim|sue|get out of)\b`,
    String.raw`\bshould (i|we) (accept|fight|sign|settle|sue|appeal|contest)\b`,
    String.raw`\bhow (many days|many weeks|many months|long) do (i|we) have to (respond|reply|appeal|file|pay|move out|leave|contest|find|get|apply|register|report|notify|claim|return)\b`,
    String.raw`\b(can|may|could) (i|we|he|she|they|my \w+) (legally|lawfully)\b|\bwho is (legally )?(responsible|liable)\b`,
    String.raw`\bwhat (are|is) the (steps|process|procedure|paperwork) (to|for)\b`,
    String.raw`\bwhat can (the court|the judge|the police|they|my employer|the landlord|my landlord|the school) do\b`,
    String.raw`\bcan (they|he|she|the \w+) (suspend|revoke|take away|garnish|repossess|seize)\b`,
    String.raw`\b(does|doesn'?t) the [\w ]{1,30}? (act|law|code|rules?) (require|allow|say|protect)\b|\bunder (\w+ ){0,2}law\b`,
    String.raw`\bwhat (do|should) (i|we) (file|submit|need to file)\b|\bwhat (evidence|documents|paperwork|proof) do (they|i|we) (need|require)\b`,
    String.raw`\bdo (i|we) have (any )?(comeback|recourse|case|grounds)\b`,
    String.raw`\b(does|do|would|will) (a|an|the|my|this|that|his|her) (handwritten |verbal |written |signed |unsigned |online |digital |homemade )?(will|contract|agreement|signature|lease|prenup|deed|receipt|email|text message|note|document|tenancy) (still |even )?(count|hold up|stand up|be valid|be legal|be binding)\b`,
    String.raw`\bwhat (documents|paperwork|forms|evidence|proof) (do|does|will) (i|we|you|they|he|she) need\b`,
    String.raw`\bwill they (offer|give|charge|fine|ban|prosecute|take)\b|\bstraight points\b`,
    String.raw`\bcan (my|his|her|the|their) \w+ (contest|challenge|sue|claim|evict|fire)\b`,
    String.raw`(^|\bwhether )(is|are) (a|an|the|my|this|our) [\w ]{1,60}? (legally )?(binding|enforceable|valid)\b|\bwhether [\w ]{1,60}? (is|are) (legally )?(binding|enforceable|valid|legal)\b|\b(is|are) (legally )?(binding|enforceable|valid) in\b|\bdo(es)? [\w ]{1,30}? laws? apply\b|\bwhat('s| is) my next step\b|\bwho do (i|we) report (it|this|him|her|them) to\b|\bcan the (bank|police|company|seller|dealer) (reverse|refund|cancel|freeze|recover|get)\b`,
    String.raw`\bcan (i|we) (force|make) (him|her|them|the \w+|my \w+)\b|\bwhat can (i|we) (actually |legally |even |realistically )?do (to|about|if)\b`,
    String.raw`\bdoes (the|a|my|our) [\w ]{1,20}? (end|stop|transfer|pass|expire|continue|still apply) (when|if|after)\b|\bis (an?|the|my|his|her) [\w ]{1,30}? (valid|legally binding|binding|enforceable)\b|\bdo (i|we) have to (let|allow|accept|go|leave)\b|\bwhat happens (if|when) (i|we) (overstay|don't pay|do not pay|miss|break|refuse)\b|\bcan (my|his|her|our) [\w' ]{1,20}? (stop|prevent|block) (me|us) (from )?\w+ing\b|^so (my|the|our|his|her) [\w ]{1,20}? can (just )?\w+|\bgrounds for (divorce|dismissal|appeal|eviction|custody)\b`,
    String.raw`\bcan (my|his|her|the|their|our) [\w' ]{1,20}? (stop|prevent|block) (me|us) (from )?(taking|moving|leaving|selling|seeing|travel\w*)\b`,
    String.raw`\bwhat happens (to (my|our|the|his|her) (mortgage|house|home|flat|pension|debts?|savings|assets|property|car|business|shares|visa|tenancy|lease|custody|money|deposit) )?(if|when) (we|i|he|she|they) (divorce|split up|separate|get divorced|default|stop paying|miss (a|the) payments?)\b`,
    String.raw`\bcan (i|we|my \w+|he|she|they) (record|film|photograph|read|open|access|track|keep|use|sell|cancel|terminate|take|move|change|sign) [\w' ]{1,40}? without (telling|asking|informing|(my|his|her|their|your|the other parent's) (permission|consent|agreement|knowledge))\b`,
    String.raw`\bhow (do|can) (i|we) (change|register|transfer|apply for|renew|get|remove) (my|our|his|her|their|a|the) [\w' ]{0,20}?(surname|name|visa|licen[cs]e|passport|deed|title|custody|residency|citizenship|power of attorney|birth certificate|death certificate)\b`,
    String.raw`\bdo (i|we) have (a|any) (legal )?(right|rights|claim)\b|\bam i (actually |legally |technically )?(a worker|an employee|self-employed|entitled)\b`,
  ].join('|'),
);
/** A lawyer's question about the situation the story told, whatever feeling came just before it. */
const LEGAL_SITUATION =
  /\bhow (many days|many weeks|many months|long) do (i|we) have (left )?to (find|leave|get|apply|register|report|respond|appeal|file|claim)\b|\bcan (i|we) (recover|claim back|get back|reclaim) (those|the|our|my|these|any of (the|those|our)) (costs|fees|money|deposit)\b|\bwho do (i|we) (complain|report|write|appeal|escalate) (to|this to|it to)\b|\bwhere do (i|we) stand(?! with (myself|me|god|life|my (life|self|faith|family|heart)))\b|\b(would|could|will) (i|we) win\b|\bwhat are (my|our) chances\b|\bis there (anything|something|any way) (i|we) can do\b|\bcan (they|he|she) (actually |legally |really |just )?(refuse|deny|force|fine|charge|evict|withhold|sack|fire|dock)\b|\bis it too late to (do anything|sue|claim|appeal|challenge|contest|complain|object)\b|\b(isn't|is) there a time limit\b|\bdo (i|we) have to (leave|move out|let|allow|pay)\b|\bcan (i|we) (force|make) (him|her|them) (to )?(hand|give|pay|show|sell|leave|move)\b|\bwhat happens (if|when) (i|we|she|he|they) (sells?|overstay|default|stop paying|miss)\b/;

/** The same asked of what the story told ("Can they do that?", "Is that legal?"). */
const LEGAL_ASK_OF_THE_STORY =
  /\b(am|are) (i|we) (legally )?(allowed|permitted|entitled) to (\w+ ){1,2}(it|them|that|this|him|her)\b|\bis (that|this|it) (right|true|correct|the law|how it works|allowed|legal) in [a-z]+\b|\bcan (they|he|she) (actually |legally |really |just )?(refuse|deny|stop|force|make|fine|charge|evict|keep|take|withhold|sack|fire|dock)\b|\bis (that|this|it) (even |actually |still )?(legal|illegal|theft|fraud|binding|enforceable)\b|\bcan (they|he|she) (actually |legally |really |just )?(do that|do this|keep it|take it)\b|\bwho (actually |legally )?gets (it|them|the)\b|\bshould (i|we) (accept|fight|sign|settle|appeal|contest)( (it|this|that|the \w+))?( or (fight|accept|appeal|contest|sign|settle)( it| this| that)?)?\s*(\?|$)|\b(am|are) (i|we) (still |legally )?(responsible|liable) for (his|her|their|the|any|my \w+'?s?) ?(\w+ )?(share|rent|debts?|bills?|half|payments?|damages?|costs?|fees?|loan|mortgage)\b|\bcan (i|we) (go after|sue|claim against|take) (them|him|her|it)\b/;

/** Words of money: taxes, savings, pensions, loans, investments, insurance, prices. */
export const FINANCIAL = new RegExp(
  String.raw`\b(tax|taxes|tax return|hmrc|irs|vat|inheritance tax|isa|isas|401k|ira|roth|pensions?|retirement (fund|savings|account|pot)|savings|bank|packaged account|mortgage|remortgage|loan|loans|student loan|tuition|premium bonds|bonds|stocks?|shares|index funds?|etfs?|crypto|bitcoin|ethereum|invest\w*|portfolio|dividends?|interest rate|apr|credit cards?|credit score|overdraft|debt|debts|bank account|premium account|current account|life insurance|home insurance|travel insurance|car insurance|contents|assessor|lowball|premium|excise|budget|spending|salary|payslip|benefits claim|universal credit|lease or buy|buy or lease|price|overpaying|rip off|\d+ grand|\d+ ?k|heloc|refinanc\w*|high yield|checking( account)?|emergency fund|gold|silver|annuit\w+|deposit|down payment|income|ratio|buy(ing)? a (house|home|flat|condo|car)|tariff|balance transfer|debt management|iva|universal credit|council tax|self assessment|penalty|tax relief|credit (rating|file)|lender|inheritance tax|seven year rule|workplace pension|energy|retirement|put away|nest egg|capital gains|(whole|term|universal) life|stepped-up basis|gift tax|social security|benefits|debt-to-income|scam|wire|1040|1099|w-?2|p60|p45|unemployment|jobseeker'?s|housing benefit|child benefit|tax credits?|medicaid|medicare|food stamps|disability (benefits?|allowance)|pension credit|debt settlement|bankruptcy)\b|(?:^|\s)[£$€]\d`,
);

/** What a financial adviser is asked: whether it is worth it, better, a good price; how much. */
const FINANCIAL_ASK = new RegExp(
  [
    String.raw`\b(is|are) [\w' ]{1,40}? (worth it|worth buying|worth paying|a good (price|deal|idea|investment)|a rip ?off)\b|\bworth it or\b`,
    String.raw`\bis it (even |really |actually )?worth (getting|buying|paying|investing|having|opening|taking out|switching|refinancing|remortgaging|upgrading)\b|\bis it (dumb|stupid|smart|crazy|silly|foolish|a bad idea|a good idea|a mistake) to (put|keep|buy|invest|get|take out|open|move|sell|pay|borrow|lease|use)\b(?![^?.]*\b(friend|friend's|brother|sister|family|partner|mum|mom|dad|parents?|kids?|son|daughter)\b)|\bis (buying|getting|taking out|renting|leasing|investing in|selling|opening|refinancing) [\w%' ]{1,40}? (stupid|dumb|smart|wise|crazy|a bad idea|a good idea|a mistake)\b`,
    String.raw`\bshould (i|we) (do|get|go for|look into|open|consolidate|use|cancel|claim|apply for|take out)\b|\bcould (i|we) (take|get|afford|borrow|qualify|keep)\b|\bwhat would (a|the) (lender|bank|mortgage adviser|broker|underwriter) (look at|want|need|check)\b|\bhow much (will|would) (the|my|a|it) \w*\b|\bis (an?|the) [\w ]{1,20}? a good idea\b|\bis it (financially )?(smart|wise|sensible|better)\b|\bdoes the [\w ]{1,25}? rule (actually )?work\b|\bdoes (that|this|it) (actually )?work like that\b|\bwhat happens to (my|our) [\w ]{1,25}? if (i|we) (change|leave|quit|move|stop|retire)\b|\b(are we|am i) eligible\b|\bdo (i|we) qualify\b|\bis it true (that )?(you|i|we) (get|can|pay|have to)\b`,
    String.raw`\bdo (i|we|they) owe\b|\b(will|would) (i|we|they)( or (i|we|they))? owe\b|\bhow much [\w ]{1,30}? (should|can|could) (i|we) (get|buy|have|save|put|pay|afford)\b|\bhow much [\w ]{1,20}? can (i|we) afford\b|\bdoes (that|this|it) count as (income|taxable|a gift|earnings)\b|\bis (a |an |the )?[\w ]{1,30}? a scam\b|\bshould (i|we) take (social security|my pension|the lump sum|the annuity)\b|\bhow [\w -]{1,30}? works\b|\bis [\w ]{1,30}? (better|cheaper|safer) than\b|\bwhat('s| is) a (good|normal|reasonable|healthy|safe) [\w-]{1,20} ratio\b`,
    String.raw`\bhow (does|do) (a |an |the )?[\w -]{1,25}? work\b|\bis (it|that|this) a (bad|good) idea for\b|\bis \d+ ?%? [\w ]{0,30}? enough\b|\bwhat('s| is) a (good|normal|reasonable|healthy|safe) (ratio|rate|amount|percentage|budget|price|salary|number)\b`,
    String.raw`\bwhat('s| is) the difference between\b|\bis it (better|cheaper|smarter|wiser) to\b|\b(better|cheaper) to (lease|buy|rent|pay|invest|save|borrow)\b`,
    String.raw`\bhow much (can|should|could|will|would|do) (i|we|you|they|hmrc|the irs)\b|\bhow much (tax|interest|will (i|we) (get|owe|pay|end up))\b|\bwhat do (i|we) end up with\b`,
    String.raw`\bdo (i|we) need to (amend|declare|pay|report|file|register)\b`,
    String.raw`\bwill (my|our|the) (insurance|premium|premiums|excess|no claims( bonus)?|credit score|tax bill) (still )?(go up|rise|increase|change|be affected|drop)\b`,
    String.raw`\bdo (i|we) (really |actually |even |still )?need (a |an |any |to have |to get )?[\w-]{0,20} ?(insurance|cover|pension|isa|savings account|accountant|financial adviser|financial advisor|emergency fund)\b|\b(am i|are we|is (he|she)|is my \w+) (still )?(eligible|entitled) (for|to)\b`,
    String.raw`\bcan (i|we) (still )?(get|claim|apply for|receive) [\w ]{0,20}?(benefit|benefits|credit|credits|allowance|relief|grant|unemployment|refund|rebate)\b|\b(does|will|would|could) [\w ]{1,30}? (hurt|affect|damage|ruin|lower|raise|improve|show up on) (my|your|our|the) (credit|credit score|credit rating|credit file|pension|tax)\b`,
    String.raw`\b(is|are) (a |an |the )?[\w-]+( [\w-]+){0,4} or [\w ]{1,40}? (smarter|better|cheaper|safer|wiser)\b|\bis it (even |really |actually )?worth (overpaying|paying off|paying extra|consolidating|claiming|transferring|cashing in|switching)\b`,
    String.raw`\bshould (i|we) (pay|invest|buy|sell|lease|save|borrow|remortgage|switch|cash|withdraw|take the|put)\b`,
    String.raw`\bwhat should (i|we) (actually )?(be doing|do) with (my|our|the) (money|savings|pension|lump sum|inheritance|\d+k)\b`,
    String.raw`\bwhat would you do with\b|^(?!(is|am|are|was|were|do|does|did|should|would|can|could|will)\b)[\w' -]{1,40} or [\w' -]{1,40}?( for [\w' ]{1,30})?\s*\?\s*$`,
    String.raw`\bhow do (i|we) (know if|make sure|find out|read|claim|get|calculate|work out|figure out|file|reduce|lower|avoid)\b|^(compare|explain|calculate|work out|figure out) |\b(walk|talk|take) me through\b`,
    String.raw`\bwhat happens to (my|our|his|her) [\w ]{1,25}? when (i|we|he|she) (die|dies)\b|\bdo they go to\b`,
    String.raw`\b(tell me|show me) where (i'm|i am|we're|we are) (wasting|overspending)\b|\bwhat should (i|we) document\b`,
    String.raw`\bis that right\? can (i|we) fight it\b|\bcan (i|we) fight it\b`,
  ].join('|'),
);

/** A financial adviser's question about the situation told, whatever feeling came before it. */
const FINANCIAL_SITUATION =
  /\bcan the (bank|card company|lender|seller|dealer|company) (reverse|refund|cancel|freeze|recover|get (it|the money) back)\b|\bdo (i|we) owe (anything|tax|any tax)\b|\bwhat can (i|we) (realistically |actually )?do to (catch up|save|pay|clear|reduce|get out of)\b|\bhow (do|can) (i|we) catch up on (my|our) (pension|savings|retirement)\b/;

/** The same asked of what the story told ("Is it worth it?", "Can I fight it?"). */
const FINANCIAL_ASK_OF_THE_STORY =
  /\bis (it|that|this) (really )?worth it\b|\bworth it or\b|\bwhat would you do\b|\bcan (i|we) fight it\b|\bis it a good price\b|\bshould (we|i) (pay|invest|buy|sell) (it|them|that|upfront|now)\b|\bhow do (i|we) know if (we're|i'm|we are|i am) overpaying\b|\bhow do (i|we) make sure they (don't|do not) (lowball|underpay)\b/;

/**
 * A question about the asker's own feelings, choices or how to live: never a professional one,
 * whatever it names ("Is it normal to feel relieved?", "How do I live with the diagnosis?").
 */
const ASKS_ABOUT_A_LIFE =
  /\b(feel|feeling|felt|cry|crying|grieve|grieving|mourn\w*|forgive|cope|coping|bear|accept (myself|what|who|that i|how|my (body|age|life|past|fate|loss|diagnosis))|acceptance|live with|make peace|let go|move on|meaning|purpose|wrong of me|selfish|guilty|ashamed|shame|regret|afraid|scared|fear|hope|love|miss|lonely|angry|bitter|resent\w*|deserve|happy|happiness|peace|brave|courage|strength|weak|the point|a failure|a bad (person|mother|father|son|daughter|friend|wife|husband)|wrong|weakness|fault|blame|fight|fights|fighting|argue|argues|arguing|argument|life|living|alive|die|dying|death|who am i|depend\w*|hide|tell (her|him|them|my)|to be (so|this|that|more|less|happy|sad|angry|upset|wrecked|relieved|jealous)|or (try|learn|accept|just live|keep going|give up|let (it )?go))\b|\bhow (do|can|should|would) (i|we|one|people|you) (live|go on|keep going|stop (feeling|being|thinking|blaming|hating|worrying)|tell (my|our|him|her|them|the kids))\b|\bwhy (do|am|did|can't|cant) i\b/;

/** The questions of normalised text: each sentence with a question mark, or that asks unmarked. */
const ASKS_UNMARKED =
  /(^|[,;:]\s*|\b(but|so)\s+)(is|are|am|can|could|should|do|does|did|will|would|who|what|when|how|which|where) (i|we|it|this|that|they|he|she|you|my|the)\b|\b(is (that|it|this)|can (i|we)|should (i|we)|do (i|we)|am i) \w+|^(is|are|can|could|should|does|do|will|would|what|how|when|which|who) \w+|\bor not$/;

/**
 * Words of a life used as the name of a thing or a symptom: "life insurance", "feeling dizzy".
 * Left out before a sentence is read for a life; so is a death named only as the moment an
 * estate passes on ("what happens to my premium bonds when I die?").
 */
const LIFE_WORDS_OF_A_TRADE =
  /\b(living (trust|will|wage|room|expenses|costs?|allowance|arrangements)|cost of living|(a|per|\/) ?(month|year|week) for life|register (a|the|his|her|their|my \w+'s) death|death certificate|(whole|term|universal) life|life (insurance|assurance|expectancy|support|policy|cover)|shelf life|battery life|feel(ing|s)? (dizzy|sick|faint|nauseous|nauseated|weak|ill|unwell|light-?headed|hot|cold|breathless|feverish|shaky|bloated))\b/g;
const DEATH_AS_AN_ESTATE_PASSES =
  /\b(when|if) (i|we|you|he|she|they|someone|somebody|a person|my \w+|the \w+) (die|dies|pass away|passes away|am gone|are gone|is gone)\b/g;
/**
 * A feeling named only as a condition or a sensation ("if I feel better", "how many kicks should I
 * be feeling") and fault in an insurer's sense ("it wasn't my fault"): no question about a life.
 */
const FEELING_AS_A_CONDITION =
  /\b(if|when|once|now that|since) (i|we|he|she|they) (feel|feels|am feeling|are feeling|is feeling) (better|fine|ok|okay|well|ready|normal)\b|\b(be )?feel(ing|s)? (\w+ )?(kicks|movements?|the baby|a lump|lumps|contractions)\b/g;
const FAULT_OF_AN_ACCIDENT = /\b(was|wasn'?t|was not|is|isn'?t|is not|not) (my|his|her|their|our) fault\b/g;
const ACCIDENT = /\b(insurance|insurer|claim|accident|crash|crashed|collision|police)\b/;
const ESTATE =
  /\b(bonds|will|house|pension|savings|estate|account|money|isa|shares|property|flat|car|insurance)\b/;

/** Whether a sentence asks about the asker's feelings, choices or how to live. */
function asksAboutALife(sentence: string): boolean {
  let plain = sentence.replace(LIFE_WORDS_OF_A_TRADE, ' ').replace(FEELING_AS_A_CONDITION, ' ');
  if (ACCIDENT.test(plain)) plain = plain.replace(FAULT_OF_AN_ACCIDENT, ' ');
  if (ESTATE.test(plain)) plain = plain.replace(DEATH_AS_AN_ESTATE_PASSES, ' ');
  return ASKS_ABOUT_A_LIFE.test(plain);
}

/**
 * Something a child or a pet swallowed that can poison it, and what to do about it: a question
 * for a vet, a doctor or a poison line, however the story around it is told.
 */
const SWALLOWED =
  /\b(dog|cat|puppy|kitten|baby|toddler|son|daughter|kid|child|he|she|old|one) (just |may have |might have |has |have )?(ate|eaten|swallowed|drank|drunk|ingested|chewed|licked) (a |an |some |a few |a couple of |two |three |half (a |an )?|\d+ )?[\w ]{0,20}?(grapes|raisins|chocolate|pills?|tablets?|button battery|batteries|battery|bleach|xylitol|onions?|antifreeze|magnets?|coins?|detergent|pods?|ibuprofen|paracetamol|rat poison|slug pellets|lily|lilies|mushrooms?)\b/;
const WHAT_TO_DO =
  /\bwhat (do|should) (i|we) do\b|\bis (he|she|it) (going to be )?(ok|okay|alright|all right|fine)\b|\bshould (i|we) (worry|be worried|call|go|take)\b|\bdo (i|we) need to\b/;

/**
 * A medical, legal or financial question in the asker's own words: the verdict's rule and its
 * evidence, or null. A text with any question about a life is left to the rest of the gate.
 */
export function expertQuestion(text: string): { rule: string; evidence: string } | null {
  const sentences = sentencesOf(text);
  const asks = sentences.filter((s) => s.includes('?') || ASKS_UNMARKED.test(s.replace(/[.!]+$/, '')));
  if (asks.length === 0) return null;
  const swallowed = SWALLOWED.exec(text);
  const toDo = swallowed === null ? null : asks.map((a) => WHAT_TO_DO.exec(a)).find((m) => m !== null);
  if (swallowed !== null && toDo)
    return { rule: 'medical-question', evidence: `${toDo[0]} (${swallowed[0]})` };
  if (asks.some(asksAboutALife)) return null;
  for (const ask of asks) {
    for (const [domain, words, own, ofTheStory, situation] of [
      ['medical', MEDICAL, CLINICAL_ASK, CLINICAL_ASK_OF_THE_STORY, CLINICAL_SITUATION],
      ['legal', LEGAL, LEGAL_ASK, LEGAL_ASK_OF_THE_STORY, LEGAL_SITUATION],
      ['financial', FINANCIAL, FINANCIAL_ASK, FINANCIAL_ASK_OF_THE_STORY, FINANCIAL_SITUATION],
    ] as const) {
      const asked = own.exec(ask);
      const named = asked === null ? null : words.exec(ask);
      if (asked !== null && named !== null)
        return { rule: `${domain}-question`, evidence: `${asked[0].trim()} (${named[0]})` };
      // "That" is what was said last: "I feel nothing at all. Is that normal?" asks of a feeling.
      const pointed = ofTheStory.exec(ask);
      const toldLast = sentences[sentences.indexOf(ask) - 1] ?? '';
      const told = pointed === null || asksAboutALife(toldLast) ? null : words.exec(text);
      if (pointed !== null && told !== null)
        return { rule: `${domain}-question`, evidence: `${pointed[0].trim()} (${told[0]})` };
      const situational = situation.exec(ask);
      const inStory = situational === null ? null : words.exec(text);
      if (situational !== null && inStory !== null)
        return { rule: `${domain}-question`, evidence: `${situational[0].trim()} (${inStory[0]})` };
    }
  }
  return null;
}
