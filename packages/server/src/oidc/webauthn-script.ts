/**
 * The script of the provider pages that offer a passkey: it reads the options from the JSON block
 * `#webauthn-options`, asks the browser (navigator.credentials.get) when `#passkey` is pressed, and posts the
 * assertion with `#passkey-form`. Fixed text, so the content security policy allows exactly it by its hash.
 */
export const WEBAUTHN_SCRIPT = `(function(){
var data=document.getElementById('webauthn-options'),button=document.getElementById('passkey'),form=document.getElementById('passkey-form');
if(!data||!button||!form)return;
if(!window.PublicKeyCredential||!navigator.credentials){return}
button.hidden=false;
function toBuf(s){s=s.replace(/-/g,'+').replace(/_/g,'/');while(s.length%4)s+='=';var b=atob(s),u=new Uint8Array(b.length);for(var i=0;i<b.length;i++)u[i]=b.charCodeAt(i);return u.buffer}
function toB64(buf){var u=new Uint8Array(buf),s='';for(var i=0;i<u.length;i++)s+=String.fromCharCode(u[i]);return btoa(s).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'')}
button.addEventListener('click',function(){
var o=JSON.parse(data.textContent);o.challenge=toBuf(o.challenge);
o.allowCredentials=(o.allowCredentials||[]).map(function(c){return{type:c.type,id:toBuf(c.id),transports:c.transports}});
navigator.credentials.get({publicKey:o}).then(function(c){
var r=c.response;
form.elements.assertion.value=JSON.stringify({id:c.id,rawId:toB64(c.rawId),type:c.type,response:{clientDataJSON:toB64(r.clientDataJSON),authenticatorData:toB64(r.authenticatorData),signature:toB64(r.signature),userHandle:r.userHandle?toB64(r.userHandle):undefined},clientExtensionResults:c.getClientExtensionResults(),authenticatorAttachment:c.authenticatorAttachment||undefined});
form.submit()}).catch(function(){form.elements.failed.value='1';form.submit()})})})()`
